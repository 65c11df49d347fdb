import { useMutation } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionResponse } from "../../../core/api/auth";
import type { FieldErrors } from "../../api/apiClient";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { useEnterDashboard } from "./useEnterDashboard";
import { validateForm } from "./validateForm";

/**
 * Submission and error state of a sign-up or sign-in form: field errors from the form's own
 * constraints or the server's 422, and one message for the alert region.
 */
export function useAuthForm<Input>(
  fieldNames: readonly string[],
  send: (input: Input) => Promise<SessionResponse>,
  /** Where to go once in (a dashboard path); the dashboard's home otherwise. */
  next?: string,
) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const enterDashboard = useEnterDashboard(next);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: enterDashboard,
    onError: (error) => {
      const serverErrors = fieldErrorsOf(error);
      setFieldErrors(serverErrors);
      focusFirstError(serverErrors);
    },
  });

  function focusFirstError(errors: FieldErrors) {
    const name = fieldNames.find((field) => errors[field]);
    const element = name ? formRef.current?.elements.namedItem(name) : null;
    if (element instanceof HTMLElement) element.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>, toInput: (data: FormData) => Input) {
    event.preventDefault();
    const errors = validateForm(event.currentTarget, t);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      mutation.reset();
      focusFirstError(errors);
      return;
    }
    mutation.mutate(toInput(new FormData(event.currentTarget)));
  }

  function handleChange(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    setFieldErrors((errors) => {
      if (!errors[name]) return errors;
      const { [name]: _fixed, ...rest } = errors;
      return rest;
    });
  }

  return {
    formRef,
    fieldErrors,
    alertMessage: alertMessage(mutation.error, fieldErrors, fieldNames, t),
    isPending: mutation.isPending,
    handleSubmit,
    handleChange,
  };
}

function alertMessage(
  error: Error | null,
  fieldErrors: FieldErrors,
  fieldNames: readonly string[],
  t: TFunction,
): string | undefined {
  const serverFieldErrors = fieldErrorsOf(error);
  if (error && Object.keys(serverFieldErrors).length === 0) return errorMessage(error, t);
  // Errors about fields the form does not show (a time zone, say) can only go to the alert.
  const unshown = Object.entries(serverFieldErrors)
    .filter(([field]) => !fieldNames.includes(field))
    .flatMap(([, messages]) => messages);
  if (unshown.length > 0) return unshown.join(", ");
  return Object.keys(fieldErrors).length > 0 ? t("errors.checkFields") : undefined;
}

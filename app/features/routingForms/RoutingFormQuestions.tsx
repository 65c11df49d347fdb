import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { focusFirstError } from "../../lib/focusFirstError";
import { RoutingFormField } from "./RoutingFormField";
import { type FormValues, fieldError, formErrors, type PublicFormField } from "./routingFormValues";

/** Why the answers were refused after they were sent: messages by field id and the alert. */
export interface SendRefusal {
  errors: Record<string, string>;
  alert: string;
}

interface RoutingFormQuestionsProps {
  fields: readonly PublicFormField[];
  timeZone: string;
  /** Answers that pass the checks; resolves to a refusal, or nothing once they were taken. */
  onSend: (values: FormValues) => Promise<SendRefusal | undefined>;
  pending: boolean;
  /** Told when the visitor tries to send, before the checks. */
  onAttempt?: () => void;
}

/**
 * A routing form's questions with the server's checks field by field (when focus leaves a
 * filled-in field, as it changes once in error, all on submit) and its submit button. The
 * public page sends the answers; the builder's live preview only checks them.
 */
export function RoutingFormQuestions({
  fields,
  timeZone,
  onSend,
  pending,
  onAttempt,
}: RoutingFormQuestionsProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const phoneValidity = useRef(new Map<string, boolean>());
  const formRef = useRef<HTMLFormElement>(null);
  const phoneValid = (fieldId: string) => phoneValidity.current.get(fieldId) ?? false;

  function change(fieldId: string, value: FormValues[string], valid?: boolean) {
    if (valid !== undefined) phoneValidity.current.set(fieldId, valid);
    setValues((was) => ({ ...was, [fieldId]: value }));
    // A field in error is re-checked as it changes, so its message goes once it is right.
    if (errors[fieldId] !== undefined) {
      const field = fields.find((candidate) => candidate.id === fieldId);
      const key = field ? fieldError(field, value, phoneValid) : null;
      const error = key === null ? null : t(key);
      setErrors((was) => {
        const next = { ...was };
        if (error === null) delete next[fieldId];
        else next[fieldId] = error;
        return next;
      });
    }
  }

  // Field by field: leaving a filled-in field checks it (an empty one waits for the submit).
  function checkOnLeave(fieldId: string) {
    const value = values[fieldId];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return;
    const field = fields.find((candidate) => candidate.id === fieldId);
    const key = field ? fieldError(field, value, phoneValid) : null;
    setErrors((was) => {
      const next = { ...was };
      if (key === null) delete next[fieldId];
      else next[fieldId] = t(key);
      return next;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAttempt?.();
    setAlert(undefined);
    const found = Object.fromEntries(
      Object.entries(formErrors(fields, values, phoneValid)).map(([id, key]) => [id, t(key)]),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert(t("errors.checkFields"));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const refused = await onSend(values);
    if (refused !== undefined) {
      setErrors(refused.errors);
      setAlert(refused.alert);
      requestAnimationFrame(() => focusFirstError(formRef.current));
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      <Alert message={alert} />
      {fields.map((field) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: it only hears focus leave the field; the controls inside are the interactive elements.
        <div
          key={field.id}
          onBlur={(event) => {
            // Only when focus leaves the whole field (a dropdown moves it inside).
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              checkOnLeave(field.id);
            }
          }}
        >
          <RoutingFormField
            field={field}
            value={values[field.id]}
            error={errors[field.id]}
            timeZone={timeZone}
            onChange={(value, valid) => change(field.id, value, valid)}
          />
        </div>
      ))}
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t("routingForm.sending") : t("routingForm.submit")}
      </Button>
    </form>
  );
}

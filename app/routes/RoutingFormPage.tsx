import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicFormResponse, SubmitFormResponse } from "../../core/api/routingForms";
import { fieldErrorsOf } from "../api/apiErrors";
import { errorMessage } from "../api/errorMessage";
import { publicApi } from "../api/publicApi";
import { usePublicQuery } from "../api/publicQuery";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { FocusHeading } from "../components/FocusHeading";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { UserText } from "../components/UserText";
import { isEmbedded, postToParent } from "../features/embed/embedded";
import { RoutingFormField } from "../features/routingForms/RoutingFormField";
import {
  type FormValues,
  fieldError,
  formErrors,
  utmOf,
} from "../features/routingForms/routingFormValues";
import { browserTimeZone } from "../lib/browserTimeZone";
import { focusFirstError } from "../lib/focusFirstError";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { navigate, useParams } from "../router/navigation";
import { FailedQueryPage } from "./FailedQueryPage";

/** Leaves for an external address: the embedding page's when asked (redirect_parent). */
function leaveFor(url: string) {
  const inParent = new URLSearchParams(window.location.search).has("redirect_parent");
  if (inParent && isEmbedded()) {
    postToParent("redirect", { url });
    try {
      if (window.top) window.top.location.href = url;
    } catch {
      // Cross-origin top navigation can be refused; the embed script does it then.
    }
    return;
  }
  window.location.href = url;
}

/**
 * A routing form at /RF/{formSlug} (spec §2): its questions, checked field by field with the
 * server's rules; after POST /api/form/{id} the server's route decides: an event type's
 * booking page with the answers prefilled, an external address (the loading indicator stays
 * on while the page leaves), or the host's message.
 */
export function RoutingFormPage() {
  const { t } = useTranslation();
  const { formSlug = "" } = useParams();
  const query = usePublicQuery<PublicFormResponse>({
    key: ["routingForm", formSlug],
    fn: (signal) => publicApi.get(`/form/${encodeURIComponent(formSlug)}`, { signal }),
  });
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const phoneValidity = useRef(new Map<string, boolean>());
  const formRef = useRef<HTMLFormElement>(null);
  const timeZone = browserTimeZone();
  useDocumentTitle(query.data?.title ?? null);

  if (query.status === "pending") return <LoadingIndicator label={t("common.loading")} />;
  if (query.status === "error" || !query.data) return <FailedQueryPage error={query.error} />;
  const form = query.data;
  const phoneValid = (fieldId: string) => phoneValidity.current.get(fieldId) ?? false;

  function change(fieldId: string, value: FormValues[string], valid?: boolean) {
    if (valid !== undefined) phoneValidity.current.set(fieldId, valid);
    setValues((was) => ({ ...was, [fieldId]: value }));
    // A field in error is re-checked as it changes, so its message goes once it is right.
    if (errors[fieldId] !== undefined) {
      const field = form.fields.find((candidate) => candidate.id === fieldId);
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
    const field = form.fields.find((candidate) => candidate.id === fieldId);
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
    setAlert(undefined);
    const found = Object.fromEntries(
      Object.entries(formErrors(form.fields, values, phoneValid)).map(([id, key]) => [id, t(key)]),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert(t("errors.checkFields"));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setPending(true);
    try {
      const answer = await publicApi.post<SubmitFormResponse>(
        `/form/${encodeURIComponent(form.id)}`,
        { answers: values, timezone: timeZone, utm: utmOf(window.location.search) },
      );
      const { action } = answer;
      if (action.actionType === "MESSAGE") {
        setMessage(action.message);
        setPending(false);
      } else if (action.actionType === "EVENT_TYPE") {
        navigate(action.url, { keepQuery: true });
      } else {
        leaveFor(action.url);
      }
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      const byField: Record<string, string> = {};
      for (const [key, messages] of Object.entries(fieldErrors)) {
        if (key.startsWith("answers.") && messages[0]) byField[key.slice(8)] = messages[0];
      }
      setErrors(byField);
      setAlert(errorMessage(error, t));
      setPending(false);
      requestAnimationFrame(() => focusFirstError(formRef.current));
    }
  }

  if (message !== null) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
        <FocusHeading title={t("routingForm.thanks")} />
        <UserText as="p" className="whitespace-pre-line text-gray-800">
          {message}
        </UserText>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-gray-900">
          <UserText>{form.title}</UserText>
        </h1>
        {form.description ? (
          <UserText as="p" className="whitespace-pre-line text-gray-700">
            {form.description}
          </UserText>
        ) : null}
      </div>
      <form ref={formRef} onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
        <Alert message={alert} />
        {form.fields.map((field) => (
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
    </div>
  );
}

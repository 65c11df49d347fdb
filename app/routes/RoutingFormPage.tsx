import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicFormResponse, SubmitFormResponse } from "../../core/api/routingForms";
import { fieldErrorsOf } from "../api/apiErrors";
import { errorMessage } from "../api/errorMessage";
import { publicApi } from "../api/publicApi";
import { usePublicQuery } from "../api/publicQuery";
import { FocusHeading } from "../components/FocusHeading";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { UserText } from "../components/UserText";
import { isEmbedded, postToParent } from "../features/embed/embedded";
import {
  RoutingFormQuestions,
  type SendRefusal,
} from "../features/routingForms/RoutingFormQuestions";
import { type FormValues, utmOf } from "../features/routingForms/routingFormValues";
import { browserTimeZone } from "../lib/browserTimeZone";
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
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const timeZone = browserTimeZone();
  useDocumentTitle(query.data?.title ?? null);

  if (query.status === "pending") return <LoadingIndicator label={t("common.loading")} />;
  if (query.status === "error" || !query.data) return <FailedQueryPage error={query.error} />;
  const form = query.data;

  async function send(values: FormValues): Promise<SendRefusal | undefined> {
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
      return undefined;
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      const byField: Record<string, string> = {};
      for (const [key, messages] of Object.entries(fieldErrors)) {
        if (key.startsWith("answers.") && messages[0]) byField[key.slice(8)] = messages[0];
      }
      setPending(false);
      return { errors: byField, alert: errorMessage(error, t) };
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
      <RoutingFormQuestions
        fields={form.fields}
        timeZone={timeZone}
        onSend={send}
        pending={pending}
      />
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { languageDirection } from "../../../../core/i18n/languageDirection";
import { plainSmsText } from "../../../../core/sms/plainSmsText";
import { fillWorkflowTemplate } from "../../../../core/workflows/workflowTemplate";
import { QueryStatus } from "../../../components/QueryStatus";
import { SelectField } from "../../../components/SelectField";
import { createI18n } from "../../../i18n/i18n";
import { languageNames } from "../../../i18n/languageNames";
import { SmsSegmentCount } from "./SmsSegmentCount";
import { sampleValues } from "./sampleValues";
import { isEmailAction, isSmsAction, type StepDraft } from "./workflowDraft";

interface MessagePreviewProps {
  steps: readonly StepDraft[];
  eventTitle: string;
  durationMinutes: number;
  hostName: string;
  timeZone: string;
  timeFormat: 12 | 24;
}

/** Another language's catalog, for the sample values a recipient of that language would see. */
const previewCatalogQuery = (language: string) => ({
  queryKey: ["dashboard", "workflows", "previewCatalog", language] as const,
  queryFn: () => createI18n(language),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * A step's message as a recipient of the chosen language receives it: the host's text filled
 * with sample values by the same code the server fills it with (core's fillWorkflowTemplate,
 * formatWhen), read in that language's direction; a text shows its SMS parts once filled.
 */
export function MessagePreview({
  steps,
  eventTitle,
  durationMinutes,
  hostName,
  timeZone,
  timeFormat,
}: MessagePreviewProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [language, setLanguage] = useState(i18n.language);
  const [stepIndex, setStepIndex] = useState(0);
  const catalog = useQuery(previewCatalogQuery(language));
  const withText = steps
    .map((step, index) => ({ step, index }))
    .filter(({ step }) => step.action !== "webhook" && step.body !== null);
  const chosen = withText.find(({ index }) => index === stepIndex) ?? withText[0];

  let preview = null;
  if (chosen && catalog.data) {
    const sample = catalog.data.t;
    const values = sampleValues({
      language,
      texts: {
        inviteeName: sample("dashboard.workflows.sample.inviteeName"),
        location: sample("dashboard.workflows.sample.location"),
        formAnswers: sample("dashboard.workflows.sample.formAnswers"),
      },
      hostName,
      eventTitle,
      durationMinutes,
      timeZone,
      timeFormat,
      origin: window.location.origin,
    });
    const { step } = chosen;
    const subject = fillWorkflowTemplate(step.subject ?? "", values);
    const filled = fillWorkflowTemplate(step.body ?? "", values);
    // A text goes out with plain spaces and dashes, as the server sends it.
    const body = isSmsAction(step.action) ? plainSmsText(filled) : filled;
    preview = (
      <div
        lang={language}
        dir={languageDirection(language)}
        data-testid="workflow-preview"
        className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-gray-50 p-3 text-start"
      >
        {isEmailAction(step.action) ? (
          <p className="font-semibold break-words text-gray-900">{subject}</p>
        ) : null}
        <p className="break-words whitespace-pre-wrap text-gray-900">{body}</p>
      </div>
    );
    if (isSmsAction(step.action)) {
      preview = (
        <>
          {preview}
          <p className="text-sm text-gray-700">
            <SmsSegmentCount text={body} />
          </p>
        </>
      );
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold text-gray-900">
        {t("dashboard.workflows.previewTitle")}
      </h2>
      <p className="text-sm text-gray-700">{t("dashboard.workflows.previewHint")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t("dashboard.workflows.previewLanguage")}
          value={language}
          options={Object.entries(languageNames).map(([value, label]) => ({ value, label }))}
          onChange={(event) => setLanguage(event.target.value)}
        />
        {withText.length > 1 ? (
          <SelectField
            label={t("dashboard.workflows.previewStep")}
            value={String(chosen?.index ?? 0)}
            options={withText.map(({ step, index }) => ({
              value: String(index),
              label: t("dashboard.workflows.stepLabel", {
                number: index + 1,
                action: t(`dashboard.workflows.actions.${step.action}`),
              }),
            }))}
            onChange={(event) => setStepIndex(Number(event.target.value))}
          />
        ) : null}
      </div>
      <QueryStatus queries={[catalog]} />
      {withText.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.workflows.previewNone")}</p>
      ) : (
        <div aria-live="polite" className="flex flex-col gap-2">
          {preview}
        </div>
      )}
    </section>
  );
}

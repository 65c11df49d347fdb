import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { UserText } from "../../../components/UserText";
import { browserTimeZone } from "../../../lib/browserTimeZone";
import { RoutingFormQuestions } from "../../routingForms/RoutingFormQuestions";
import type { PublicFormField } from "../../routingForms/routingFormValues";
import type { FormField } from "./routingFormQueries";

interface LivePreviewProps {
  title: string;
  description: string;
  fields: FormField[];
}

/** The draft's questions as the public page shows them (blank options left out). */
export function previewFields(fields: readonly FormField[]): PublicFormField[] {
  return fields.map((field) => ({
    id: field.id,
    type: field.type,
    label: field.label.trim() || field.identifier,
    required: field.required,
    helpText: field.helpText,
    options: [...new Set(field.options.map((option) => option.trim()).filter(Boolean))],
    maxSelected: field.maxSelected,
    allowNewOptions:
      (field.type === "MULTI_SELECT" || field.type === "SINGLE_SELECT") && field.allowNewOptions,
  }));
}

/**
 * The public form rendered from the unsaved draft with the public page's own questions:
 * beside the editor on wide screens, below it behind a 'Preview' toggle on phones. Its
 * submit button runs the checks and sends nothing.
 */
export function LivePreview({ title, description, fields }: LivePreviewProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState(false);
  const shown = previewFields(fields);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-gray-900">
        {t("dashboard.routingForms.livePreview")}
      </h2>
      <Button
        variant="secondary"
        size="compact"
        className="self-start lg:hidden"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((was) => !was)}
      >
        {t("dashboard.routingForms.preview")}
      </Button>
      <div id={`${id}-body`} className={`${open ? "flex" : "hidden"} flex-col gap-4 lg:flex`}>
        <p className="text-sm text-gray-700">{t("dashboard.routingForms.previewNote")}</p>
        <div className="flex flex-col gap-4 rounded-lg bg-gray-50 p-3">
          <h3 className="text-xl font-bold text-gray-900">
            <UserText>{title}</UserText>
          </h3>
          {description ? (
            <UserText as="p" className="whitespace-pre-line text-gray-700">
              {description}
            </UserText>
          ) : null}
          {shown.length === 0 ? (
            <p className="text-gray-700">{t("dashboard.routingForms.previewEmpty")}</p>
          ) : (
            <RoutingFormQuestions
              fields={shown}
              timeZone={browserTimeZone()}
              pending={false}
              onAttempt={() => setChecked(false)}
              onSend={async () => {
                setChecked(true);
                return undefined;
              }}
            />
          )}
          <p role="status" className="text-sm font-semibold text-gray-900">
            {checked ? t("dashboard.routingForms.previewChecked") : ""}
          </p>
        </div>
      </div>
    </section>
  );
}

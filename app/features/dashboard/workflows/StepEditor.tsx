import { useTranslation } from "react-i18next";
import {
  WORKFLOW_ACTIONS,
  type WorkflowAction,
  type WorkflowTrigger,
} from "../../../../core/workflows/workflowKinds";
import {
  WORKFLOW_BODY_MAX,
  WORKFLOW_SUBJECT_MAX,
} from "../../../../core/workflows/workflowTemplate";
import { Button } from "../../../components/Button";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { SmsSegmentCount } from "./SmsSegmentCount";
import { TemplateField } from "./TemplateField";
import {
  changeAction,
  defaultTexts,
  isEmailAction,
  isSmsAction,
  needsTarget,
  type StepDraft,
  usesBuiltIn,
} from "./workflowDraft";

interface StepEditorProps {
  step: StepDraft;
  index: number;
  trigger: WorkflowTrigger;
  /** SMS actions are offered only where texts can be sent (or the step already texts). */
  smsConfigured: boolean;
  errors: Record<string, string[]>;
  canRemove: boolean;
  onChange: (step: StepDraft) => void;
  onRemove: () => void;
}

/** One step: its action, whom it reaches, and its message (or the built-in one with a note). */
export function StepEditor({
  step,
  index,
  trigger,
  smsConfigured,
  errors,
  canRemove,
  onChange,
  onRemove,
}: StepEditorProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const path = (field: string) => errors[`steps.${index}.${field}`];
  const actions = WORKFLOW_ACTIONS.filter(
    (action) => smsConfigured || !isSmsAction(action) || action === step.action,
  );
  const builtIn = usesBuiltIn(trigger, step);
  return (
    <fieldset
      data-step={number}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-gray-200 p-3 sm:p-4"
    >
      <legend className="px-1 font-semibold text-gray-900">
        {t("dashboard.workflows.stepNumber", { number })}
      </legend>
      <SelectField
        label={t("dashboard.workflows.action")}
        value={step.action}
        errors={path("action")}
        options={actions.map((action) => ({
          value: action,
          label: t(`dashboard.workflows.actions.${action}`),
        }))}
        onChange={(event) =>
          onChange(changeAction(trigger, step, event.target.value as WorkflowAction, t))
        }
      />
      {!smsConfigured && isSmsAction(step.action) ? (
        <p className="text-sm font-semibold text-amber-800">
          {t("dashboard.workflows.smsNotConfigured")}
        </p>
      ) : null}
      {step.action === "sms_invitee" ? (
        <p className="text-sm text-gray-700">{t("dashboard.workflows.smsInviteeHint")}</p>
      ) : null}
      {step.action === "sms_host" ? (
        <p className="text-sm text-gray-700">{t("dashboard.workflows.smsHostHint")}</p>
      ) : null}
      {needsTarget(step.action) ? (
        <TextField
          label={
            step.action === "webhook"
              ? t("dashboard.workflows.targetUrl")
              : t("dashboard.workflows.targetEmail")
          }
          type={step.action === "webhook" ? "url" : "email"}
          dir="ltr"
          value={step.target}
          errors={path("target")}
          onChange={(event) => onChange({ ...step, target: event.target.value })}
        />
      ) : null}
      {step.action === "webhook" ? (
        <p className="text-sm text-gray-700">{t("dashboard.workflows.webhookHint")}</p>
      ) : builtIn ? (
        <>
          <p className="text-sm text-gray-700">
            {trigger === "before_start"
              ? t("dashboard.workflows.builtInReminder")
              : t("dashboard.workflows.builtInFollowUp")}
          </p>
          <TextAreaField
            label={t("dashboard.workflows.note")}
            rows={3}
            maxLength={WORKFLOW_BODY_MAX}
            value={step.note}
            errors={path("note")}
            onChange={(event) => onChange({ ...step, note: event.target.value })}
          />
          <Button
            variant="secondary"
            size="compact"
            className="self-start"
            onClick={() => onChange({ ...step, ...defaultTexts(trigger, step.action, t) })}
          >
            {t("dashboard.workflows.writeOwn")}
          </Button>
        </>
      ) : (
        <>
          {isEmailAction(step.action) ? (
            <TemplateField
              label={t("dashboard.workflows.subject")}
              value={step.subject ?? ""}
              maxLength={WORKFLOW_SUBJECT_MAX}
              errors={path("subject")}
              onChange={(subject) => onChange({ ...step, subject })}
            />
          ) : null}
          <TemplateField
            label={
              isSmsAction(step.action)
                ? t("dashboard.workflows.smsBody")
                : t("dashboard.workflows.body")
            }
            multiline
            value={step.body ?? ""}
            maxLength={WORKFLOW_BODY_MAX}
            errors={path("body")}
            hint={isSmsAction(step.action) ? <SmsSegmentCount text={step.body ?? ""} /> : undefined}
            onChange={(body) => onChange({ ...step, body })}
          />
        </>
      )}
      {canRemove ? (
        <Button variant="secondary" size="compact" className="self-start" onClick={onRemove}>
          {t("dashboard.workflows.removeStep", { number })}
        </Button>
      ) : null}
    </fieldset>
  );
}

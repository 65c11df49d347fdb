import { useTranslation } from "react-i18next";
import { APPROVAL_SCOPES, type ApprovalScope } from "../../../../core/booking/needsApproval";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { NumberField } from "../../../components/NumberField";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import type { SectionProps } from "./editorTypes";
import { MinutesField } from "./MinutesField";

/** What booking takes (a verified email, the host's approval) and where the invitee goes after. */
export function ConfirmationCard({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Card title={t("dashboard.confirmation.title")}>
      <CheckboxField
        label={t("dashboard.confirmation.emailVerification")}
        hint={t("dashboard.confirmation.emailVerificationHint")}
        checked={draft.requiresEmailVerification}
        onChange={(requiresEmailVerification) => update({ requiresEmailVerification })}
      />
      <CheckboxField
        label={t("dashboard.confirmation.requiresApproval")}
        hint={t("dashboard.confirmation.requiresApprovalHint")}
        checked={draft.requiresApproval}
        onChange={(requiresApproval) => update({ requiresApproval })}
      />
      {draft.requiresApproval ? (
        <SelectField
          label={t("dashboard.confirmation.approvalScope")}
          options={APPROVAL_SCOPES.map((scope) => ({
            value: scope,
            label: t(`dashboard.confirmation.approvalScopes.${scope}`),
          }))}
          value={draft.approvalScope ?? "EVERYONE"}
          onChange={(event) => update({ approvalScope: event.target.value as ApprovalScope })}
        />
      ) : null}
      {draft.requiresApproval ? (
        <MinutesField
          label={t("dashboard.confirmation.approvalDeadline")}
          hint={t("dashboard.confirmation.approvalDeadlineHint")}
          value={draft.approvalDeadline}
          onChange={(approvalDeadline) => update({ approvalDeadline })}
          errors={errors.approvalDeadline}
        />
      ) : null}
      <TextField
        label={t("dashboard.confirmation.redirectUrl")}
        hint={t("dashboard.confirmation.redirectUrlHint")}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.redirectUrl ?? ""}
        onChange={(event) => update({ redirectUrl: event.target.value || null })}
        errors={errors.redirectUrl}
      />
      <NumberField
        label={t("dashboard.confirmation.redirectSeconds")}
        hint={t("dashboard.confirmation.redirectSecondsHint")}
        unit={t("dashboard.common.seconds")}
        min={0}
        max={120}
        value={draft.redirectSeconds}
        onChange={(redirectSeconds) => update({ redirectSeconds })}
        errors={errors.redirectSeconds}
      />
    </Card>
  );
}

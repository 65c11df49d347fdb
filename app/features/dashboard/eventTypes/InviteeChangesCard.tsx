import { useTranslation } from "react-i18next";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import type { SectionProps } from "./editorTypes";
import { MinutesField } from "./MinutesField";

/** Whether invitees may cancel and reschedule online, and until how long before. */
export function InviteeChangesCard({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={t("dashboard.inviteeChanges.title")}
      description={t("dashboard.inviteeChanges.description")}
    >
      <CheckboxField
        label={t("dashboard.inviteeChanges.allowCancel")}
        checked={draft.allowCancel}
        onChange={(allowCancel) => update({ allowCancel })}
      />
      {draft.allowCancel ? (
        <MinutesField
          label={t("dashboard.inviteeChanges.cancelNotice")}
          hint={t("dashboard.inviteeChanges.noticeHint")}
          value={draft.cancelNotice}
          onChange={(cancelNotice) => update({ cancelNotice })}
          errors={errors.cancelNotice}
        />
      ) : null}
      <CheckboxField
        label={t("dashboard.inviteeChanges.allowReschedule")}
        checked={draft.allowReschedule}
        onChange={(allowReschedule) => update({ allowReschedule })}
      />
      {draft.allowReschedule ? (
        <MinutesField
          label={t("dashboard.inviteeChanges.rescheduleNotice")}
          hint={t("dashboard.inviteeChanges.noticeHint")}
          value={draft.rescheduleNotice}
          onChange={(rescheduleNotice) => update({ rescheduleNotice })}
          errors={errors.rescheduleNotice}
        />
      ) : null}
    </Card>
  );
}

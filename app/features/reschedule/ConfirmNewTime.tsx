import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { FocusHeading } from "../../components/FocusHeading";
import { ReasonField } from "../booking/ReasonField";

/** The confirm step: the former time struck out, the new one, an optional reason. */
export function ConfirmNewTime({
  former,
  next,
  alert,
  reason,
  pending,
  onReasonChange,
  onSubmit,
  onBack,
}: {
  former: { times: string; date: string };
  next: { times: string; date: string };
  alert: string | undefined;
  reason: string;
  pending: boolean;
  onReasonChange: (reason: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FocusHeading
        title={t("reschedule.confirmTitle")}
        className="text-xl font-bold text-gray-900"
      />
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-gray-600">{t("reschedule.formerTime")}</dt>
        <dd>
          <del>
            {former.times}, {former.date}
          </del>
        </dd>
        <dt className="font-semibold text-gray-600">{t("reschedule.newTime")}</dt>
        <dd className="font-semibold">
          {next.times}, {next.date}
        </dd>
      </dl>
      <Alert message={alert} />
      <ReasonField label={t("reschedule.reason")} value={reason} onChange={onReasonChange} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t("reschedule.rescheduling") : t("reschedule.submit")}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t("details.back")}
        </Button>
      </div>
    </form>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MAX } from "../../../../core/eventTypes/eventTypeSchema";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { TextAreaField } from "../../../components/TextAreaField";

interface ReasonFormProps {
  label: string;
  reason: string;
  onReason: (reason: string) => void;
  /** What the submit button says, and whether it looks destructive. */
  submit: { label: string; danger?: boolean };
  pending: boolean;
  error: unknown;
  onSubmit: () => void;
  onBack: () => void;
  /** Fields after the reason (cancelling a series: also the later meetings). */
  children?: ReactNode;
}

/** Cancelling or declining a booking: an optional reason sent to the invitee, then confirm. */
export function ReasonForm({
  label,
  reason,
  onReason,
  submit,
  pending,
  error,
  onSubmit,
  onBack,
  children,
}: ReasonFormProps) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      className="flex flex-col gap-3 border-t border-gray-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextAreaField
        label={label}
        hint={t("dashboard.bookings.cancelReasonHint", { max: REASON_MAX })}
        value={reason}
        maxLength={REASON_MAX}
        onChange={(event) => onReason(event.target.value)}
      />
      {children}
      <Alert message={error ? errorMessage(error, t) : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t("dashboard.common.back")}
        </Button>
        {submit.danger ? (
          <button
            type="submit"
            disabled={pending}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {submit.label}
          </button>
        ) : (
          <Button type="submit" disabled={pending}>
            {submit.label}
          </Button>
        )}
      </div>
    </form>
  );
}

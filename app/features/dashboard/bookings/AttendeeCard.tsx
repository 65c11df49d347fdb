import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../../core/i18n/intlLocale";
import { Button } from "../../../components/Button";
import { isolateText, UserText } from "../../../components/UserText";
import { formatPrice } from "../../booking/formatters";
import type { Attendee, Booking } from "../api/types";

interface AttendeeCardProps {
  attendee: Attendee;
  payment: Booking["payments"][number] | undefined;
  /** The booking's questions by id: an answer is shown under its question's label. */
  questions: ReadonlyMap<string, string>;
  /** Given once the meeting has started: marks the invitee as a no-show, or takes it back. */
  onNoShow?: ((mark: boolean) => void) | undefined;
  /** A no-show mark is being sent. */
  noShowPending?: boolean;
}

function answerText(
  value: unknown,
  t: (key: "dashboard.common.yes" | "dashboard.common.no") => string,
) {
  if (typeof value === "boolean")
    return value ? t("dashboard.common.yes") : t("dashboard.common.no");
  if (Array.isArray(value)) return value.join(", ");
  return String(value ?? "");
}

/** One attendee of a booking: who, how to reach them, what they paid and answered. */
export function AttendeeCard({
  attendee: a,
  payment,
  questions,
  onNoShow,
  noShowPending = false,
}: AttendeeCardProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) =>
    formatPrice(amount, currency, intlLocale(i18n.language));
  const noShow = Boolean(a.noShowAt);
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-gray-200 p-3">
      {payment ? (
        <p className="text-sm text-gray-700">
          {t(`dashboard.bookings.payment.${payment.status}`, {
            amount: money(payment.amount, payment.currency),
            refunded: money(payment.refunded, payment.currency),
          })}
        </p>
      ) : null}
      <p className="font-semibold text-gray-900">
        <bdi>{a.name}</bdi>{" "}
        {a.status === "CANCELLED" ? (
          <span className="text-sm font-normal text-gray-600">
            ({t("dashboard.bookings.status.CANCELLED")})
          </span>
        ) : null}
        {noShow ? (
          <span className="ms-1 rounded bg-amber-100 px-2 py-0.5 text-sm font-normal text-amber-900">
            {t("dashboard.bookings.noShowTag")}
          </span>
        ) : null}
      </p>
      <p className="text-sm break-all text-gray-700">
        <a href={`mailto:${a.email}`} className="underline">
          {a.email}
        </a>
        {a.phone ? (
          <>
            {" "}
            · <bdi>{a.phone}</bdi>
          </>
        ) : null}
      </p>
      <p className="text-sm text-gray-600">
        {t("dashboard.bookings.inviteeZone", { zone: a.timeZone.replaceAll("_", " ") })}
      </p>
      {a.guests.length > 0 ? (
        <p className="text-sm text-gray-700">
          {t("dashboard.bookings.guests", { guests: a.guests.map(isolateText).join(", ") })}
        </p>
      ) : null}
      {Object.keys(a.answers).length > 0 ? (
        <dl className="mt-1 flex flex-col gap-1 text-sm">
          {Object.entries(a.answers).map(([id, value]) => (
            <div key={id}>
              <dt className="font-semibold text-gray-800">
                <UserText>{questions.get(id) ?? id}</UserText>
              </dt>
              <UserText as="dd" className="whitespace-pre-wrap text-gray-700">
                {answerText(value, t)}
              </UserText>
            </div>
          ))}
        </dl>
      ) : null}
      {a.cancellationReason ? (
        <p className="text-sm text-gray-700">
          {t("dashboard.bookings.reason", { reason: isolateText(a.cancellationReason) })}
        </p>
      ) : null}
      {onNoShow ? (
        <div>
          {/* aria-disabled, not disabled, while the mark is sent: a disabled button would drop
              the focus the host's next key press needs. */}
          <Button
            variant="secondary"
            size="compact"
            aria-disabled={noShowPending}
            onClick={() => {
              if (!noShowPending) onNoShow(!noShow);
            }}
          >
            {noShow ? t("dashboard.bookings.undoNoShow") : t("dashboard.bookings.markNoShow")}
            <span className="sr-only"> {isolateText(a.name)}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

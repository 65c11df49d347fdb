import { useTranslation } from "react-i18next";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { Link } from "../../router/Link";
import { useAppState } from "../../state/appState";
import type { EventView } from "./eventView";
import { formatMeetingTime } from "./formatters";

/**
 * What a cancelled booking's page says instead of a dead end: when it was cancelled (in the
 * invitee's zone) and, while its event type still takes bookings, a way to book it again.
 */
export function CancelledNotice({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeZone = useAppState((state) => state.timeZone);
  // A seat given up in a group event that goes on has no cancellation time of its own.
  const cancelledAt = event.status === "CANCELLED" ? event.cancelledAt : null;
  const date = cancelledAt
    ? formatMeetingTime(cancelledAt, cancelledAt, timeZone, 24, locale).date
    : null;
  const path = event.eventType.path;
  return (
    <div className="flex flex-col gap-3 text-gray-700">
      <p>{date ? t("deadEnd.cancelledOn", { date }) : t("deadEnd.cancelled")}</p>
      {path ? (
        <p>
          <Link to={path} className="font-semibold text-brand-700 underline">
            {t("deadEnd.bookAgain")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

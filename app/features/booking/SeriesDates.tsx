import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { useAppState } from "../../state/appState";
import { useTimeFormat } from "../profile/pageProfile";
import type { EventView } from "./eventView";
import { formatMeetingTime } from "./formatters";

/** The meetings of a recurring series, in the invitee's zone, cancelled ones marked. */
export function SeriesDates({ series }: { series: NonNullable<EventView["series"]> }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeZone = useAppState((state) => state.timeZone);
  const timeFormat = useTimeFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1 text-gray-900">
      <h2 id={headingId} className="font-semibold text-gray-600">
        {t("booking.seriesDates")}
      </h2>
      <ol className="list-decimal ps-5">
        {series.occurrences.map((occurrence) => {
          const when = formatMeetingTime(
            occurrence.start,
            occurrence.end,
            timeZone,
            timeFormat,
            locale,
          );
          const cancelled = occurrence.status === "CANCELLED";
          return (
            <li key={occurrence.uuid} className={cancelled ? "text-gray-500" : undefined}>
              {cancelled ? <s>{`${when.date}, ${when.times}`}</s> : `${when.date}, ${when.times}`}
              {cancelled ? ` (${t("booking.seriesCancelled")})` : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

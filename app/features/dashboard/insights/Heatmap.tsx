import { useTranslation } from "react-i18next";
import type { BookingHeatmap } from "../../../../core/api/bookingInsights";
import { intlLocale } from "../../../../core/i18n/intlLocale";
import { Card } from "../../../components/Card";
import { downloadCsv, toCsv } from "./csv";

interface HeatmapProps {
  title: string;
  description: string;
  cells: BookingHeatmap["cells"];
  csvName: string;
}

// Shades of the series navy, each with its text colour at 4.5:1 or more.
const LEVELS = [
  { background: "#ffffff", color: "#4b5563" },
  { background: "#dbeafe", color: "#111827" },
  { background: "#93c5fd", color: "#111827" },
  { background: "#1d4ed8", color: "#ffffff" },
  { background: "#1e3a8a", color: "#ffffff" },
] as const;

// 1 January 2024 was a Monday: weekday n (1 Monday … 7 Sunday) is that date plus n - 1 days.
const MONDAY = Date.UTC(2024, 0, 1);

/**
 * Meetings per starting hour (rows) and weekday (columns) as a table whose cells are shaded by
 * count: the chart is the table, so screen readers and keyboards read it as is.
 */
export function Heatmap({ title, description, cells, csvName }: HeatmapProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const number = new Intl.NumberFormat(locale);
  const weekdayName = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const hourName = new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" });
  const count = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.bookings]));
  const max = Math.max(0, ...cells.map((cell) => cell.bookings));
  const weekdays = [1, 2, 3, 4, 5, 6, 7];
  // Only the hours that have meetings, from the first to the last, so a working day fits.
  const hours = cells.map((cell) => cell.hour);
  const first = hours.length ? Math.min(...hours) : 0;
  const last = hours.length ? Math.max(...hours) : -1;
  const shown = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const level = (n: number) => (n === 0 || max === 0 ? 0 : Math.min(4, Math.ceil((n / max) * 4)));
  const handleDownload = () =>
    downloadCsv(
      `${csvName}.csv`,
      toCsv(
        [
          t("dashboard.bookingInsights.weekday"),
          t("dashboard.bookingInsights.hour"),
          t("dashboard.bookingInsights.bookings"),
        ],
        cells.map((cell) => [
          weekdayName.format(new Date(MONDAY + (cell.weekday - 1) * 86_400_000)),
          `${String(cell.hour).padStart(2, "0")}:00`,
          cell.bookings,
        ]),
      ),
    );
  return (
    <Card
      title={title}
      description={description}
      actions={
        cells.length > 0 ? (
          <button
            type="button"
            onClick={handleDownload}
            className="min-h-11 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            {t("dashboard.bookingInsights.downloadCsv")}
            <span className="sr-only">{`: ${title}`}</span>
          </button>
        ) : null
      }
    >
      {cells.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.bookingInsights.noRows")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboards can scroll it
        <section className="max-h-96 overflow-auto" tabIndex={0} aria-label={title}>
          <table
            className="w-full border-separate border-spacing-0.5 text-xs"
            data-testid="insights-heatmap"
          >
            <caption className="sr-only">{`${title}. ${description}`}</caption>
            <thead>
              <tr>
                <td />
                {weekdays.map((weekday) => (
                  <th
                    key={weekday}
                    scope="col"
                    className="px-1 py-1 text-center font-semibold text-gray-700"
                  >
                    {weekdayName.format(new Date(MONDAY + (weekday - 1) * 86_400_000))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((hour) => (
                <tr key={hour}>
                  <th
                    scope="row"
                    className="whitespace-nowrap px-1 text-end font-normal text-gray-700"
                  >
                    {hourName.format(new Date(MONDAY + hour * 3_600_000))}
                  </th>
                  {weekdays.map((weekday) => {
                    const n = count.get(`${weekday}:${hour}`) ?? 0;
                    const shade = LEVELS[level(n)] ?? LEVELS[0];
                    return (
                      <td
                        key={weekday}
                        className="min-w-8 rounded px-1 py-1 text-center tabular-nums"
                        style={{ backgroundColor: shade.background, color: shade.color }}
                      >
                        {number.format(n)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Card>
  );
}

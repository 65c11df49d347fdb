import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InsightsResponse } from "../../../../core/api/insights";
import { intlLocale } from "../../../../core/i18n/intlLocale";
import { formatDay } from "./formatDay";

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 24;

interface ViewsChartProps {
  days: InsightsResponse["days"];
}

/**
 * Views per day as an SVG bar chart, with the same figures as a table: read by screen readers
 * always, shown on request. Time runs in the reading direction (right to left in ar and fa).
 */
export function ViewsChart({ days }: ViewsChartProps) {
  const { t, i18n } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const locale = intlLocale(i18n.language);
  const number = new Intl.NumberFormat(locale);
  const rtl = i18n.dir(i18n.language) === "rtl";
  const max = Math.max(1, ...days.map((day) => day.views));
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plot = HEIGHT - AXIS;
  const xOf = (index: number) => (rtl ? days.length - 1 - index : index) * slot;
  // A label under the first, middle and last day: more would overlap at 90 days.
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);

  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="text-sm text-gray-700">
        {t("dashboard.insights.chartCaption", { count: days.length })}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-52 w-full text-brand-600"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="stroke-gray-300" strokeWidth={1} />
        {days.map((day, index) => {
          const height = (day.views / max) * (plot - 8);
          return (
            <rect
              key={day.date}
              x={xOf(index) + (slot - barWidth) / 2}
              y={plot - height}
              width={barWidth}
              height={height}
              rx={Math.min(3, barWidth / 3)}
              fill="currentColor"
            >
              <title>{`${formatDay(day.date, locale)}: ${number.format(day.views)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-gray-600" aria-hidden="true">
        {[...labelled].map((index) =>
          days[index] ? <span key={index}>{formatDay(days[index].date, locale)}</span> : null,
        )}
      </div>
      <div>
        <button
          type="button"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
          className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 underline"
        >
          {showTable ? t("dashboard.insights.hideTable") : t("dashboard.insights.showTable")}
        </button>
      </div>
      <div id={tableId} className={showTable ? "max-h-96 overflow-auto" : "sr-only"}>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t("dashboard.insights.viewsPerDay")}</caption>
          <thead>
            <tr className="border-b border-gray-200 text-gray-700">
              <th scope="col" className="py-1 text-start font-semibold">
                {t("dashboard.insights.date")}
              </th>
              <th scope="col" className="py-1 text-end font-semibold">
                {t("dashboard.insights.views")}
              </th>
              <th scope="col" className="py-1 text-end font-semibold">
                {t("dashboard.insights.clicks")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-b border-gray-100">
                <th scope="row" className="py-1 text-start font-normal">
                  {formatDay(day.date, locale)}
                </th>
                <td className="py-1 text-end tabular-nums">{number.format(day.views)}</td>
                <td className="py-1 text-end tabular-nums">{number.format(day.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

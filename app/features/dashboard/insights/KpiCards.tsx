import { useTranslation } from "react-i18next";
import type { BookingSummary, InsightsKpis } from "../../../../core/api/bookingInsights";
import { intlLocale } from "../../../../core/i18n/intlLocale";

type CountKey = "bookings" | "completed" | "cancelled" | "rescheduled" | "noShows";

interface KpiCardsProps {
  summary: BookingSummary;
  label: (key: keyof InsightsKpis) => string;
}

const COUNTS: CountKey[] = ["bookings", "completed", "cancelled", "rescheduled", "noShows"];

/** Money in minor units as the viewer's language writes the currency. */
function formatMoney(locale: string, currency: string, minor: number): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** The period's KPIs, each with how it compares to the period of the same length before. */
export function KpiCards({ summary, label }: KpiCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const change = (now: number, before: number) => {
    if (now === before) return t("dashboard.bookingInsights.change.same");
    if (before === 0) return t("dashboard.bookingInsights.change.new");
    const ratio = Math.abs(now - before) / before;
    return now > before
      ? t("dashboard.bookingInsights.change.up", { percent: percent.format(ratio) })
      : t("dashboard.bookingInsights.change.down", { percent: percent.format(ratio) });
  };
  const { current, before } = summary;
  const declined = current.declined + current.expired;
  return (
    <dl
      className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,11rem),1fr))] gap-4"
      data-testid="insights-kpis"
    >
      {COUNTS.map((key) => (
        <div key={key} className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm">
          <dt className="text-sm font-semibold text-gray-700">{label(key)}</dt>
          <dd className="text-3xl font-bold text-gray-900" data-testid={`insights-kpi-${key}`}>
            {number.format(current[key])}
          </dd>
          <dd className="text-sm text-gray-700">{change(current[key], before[key])}</dd>
          {key === "cancelled" && current.cancelled > 0 ? (
            <dd className="text-sm text-gray-700">
              {t("dashboard.bookingInsights.cancelledBy", {
                host: number.format(current.cancelledBy.host),
                invitee: number.format(current.cancelledBy.invitee),
                system: number.format(current.cancelledBy.system),
              })}
            </dd>
          ) : null}
        </div>
      ))}
      <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm">
        <dt className="text-sm font-semibold text-gray-700">{label("declined")}</dt>
        <dd className="text-3xl font-bold text-gray-900">{number.format(declined)}</dd>
        <dd className="text-sm text-gray-700">
          {change(declined, before.declined + before.expired)}
        </dd>
      </div>
      {current.revenue.length > 0 ? (
        <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm">
          <dt className="text-sm font-semibold text-gray-700">{label("revenue")}</dt>
          {current.revenue.map((row) => (
            <dd key={row.currency} className="text-2xl font-bold text-gray-900">
              {formatMoney(locale, row.currency, row.amount)}
            </dd>
          ))}
        </div>
      ) : null}
    </dl>
  );
}

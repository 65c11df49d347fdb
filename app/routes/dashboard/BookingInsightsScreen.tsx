import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  INSIGHTS_BUCKETS,
  type InsightsBucket,
  type InsightsKpis,
  LEAD_TIME_BUCKETS,
} from "../../../core/api/bookingInsights";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SelectField } from "../../components/SelectField";
import {
  eventTypesQuery,
  settingsQuery,
  teamsQuery,
} from "../../features/dashboard/api/dashboardQueries";
import { BarsChart } from "../../features/dashboard/insights/BarsChart";
import {
  bookingHeatmapQuery,
  bookingSummaryQuery,
  bookingsByEventTypeQuery,
  bookingsByHostQuery,
  bookingsOverTimeQuery,
  type InsightsFilter,
  leadTimeQuery,
  pageFunnelQuery,
  routingInsightsQuery,
} from "../../features/dashboard/insights/bookingInsightsQueries";
import { DataCard } from "../../features/dashboard/insights/DataCard";
import { formatDay } from "../../features/dashboard/insights/formatDay";
import { Heatmap } from "../../features/dashboard/insights/Heatmap";
import { KpiCards } from "../../features/dashboard/insights/KpiCards";
import { todayIn } from "../../features/dashboard/insights/todayIn";
import { announce } from "../../features/layout/Announcer";
import { Link } from "../../router";

/** The periods offered, as days from today in the viewer's zone (both ends included). */
const PERIODS = {
  last7: { from: -6, to: 0 },
  last30: { from: -29, to: 0 },
  last90: { from: -89, to: 0 },
  last365: { from: -364, to: 0 },
  next30: { from: 0, to: 29 },
} as const;
type Period = keyof typeof PERIODS;
const isPeriod = (value: string | null): value is Period => value !== null && value in PERIODS;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What happened with the host's bookings (or a team's, for its admin; the member's own within a
 * team): KPIs against the period before, bookings over time, by event type and host, lead time,
 * the busiest hours, routing forms and the page funnel. Each chart has its table and CSV.
 */
export function BookingInsightsScreen() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const rtl = i18n.dir(i18n.language) === "rtl";
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const formatNumber = (value: number) => number.format(value);

  const settings = useQuery(settingsQuery());
  const teams = useQuery(teamsQuery());
  const eventTypes = useQuery(eventTypesQuery());
  // ?period= opens another period, e.g. from a link to what is coming.
  const [period, setPeriod] = useState<Period>(() => {
    const asked = new URLSearchParams(window.location.search).get("period");
    return isPeriod(asked) ? asked : "last30";
  });
  const [teamId, setTeamId] = useState(
    () => new URLSearchParams(window.location.search).get("team") ?? "",
  );
  const [eventTypeId, setEventTypeId] = useState(
    () => new URLSearchParams(window.location.search).get("eventType") ?? "",
  );
  const [hostId, setHostId] = useState("");
  const [bucket, setBucket] = useState<InsightsBucket>("day");

  const timeZone = settings.data?.user.timeZone ?? null;
  const team = (teams.data ?? []).find((candidate) => candidate.id === teamId) ?? null;
  const isAdmin = team?.role === "admin";
  const typeOptions = (eventTypes.data ?? []).filter((type) =>
    teamId === "" ? type.teamId === null || type.teamId === undefined : type.teamId === teamId,
  );
  const today = timeZone ? todayIn(timeZone) : null;
  const filter: InsightsFilter | null =
    timeZone && today
      ? {
          from: addDays(today, PERIODS[period].from),
          to: addDays(today, PERIODS[period].to),
          timeZone,
          teamId: teamId || null,
          eventTypeId: eventTypeId || null,
          hostId: isAdmin ? hostId || null : null,
        }
      : null;
  const enabled = filter !== null;
  const placeholder = { placeholderData: keepPreviousData, enabled } as const;
  const disabledFilter = filter ?? {
    from: "",
    to: "",
    timeZone: "",
    teamId: null,
    eventTypeId: null,
    hostId: null,
  };
  const summary = useQuery({ ...bookingSummaryQuery(disabledFilter), ...placeholder });
  const overTime = useQuery({ ...bookingsOverTimeQuery(disabledFilter, bucket), ...placeholder });
  const byType = useQuery({ ...bookingsByEventTypeQuery(disabledFilter), ...placeholder });
  const byHost = useQuery({ ...bookingsByHostQuery(disabledFilter), ...placeholder });
  const lead = useQuery({ ...leadTimeQuery(disabledFilter), ...placeholder });
  const heat = useQuery({ ...bookingHeatmapQuery(disabledFilter), ...placeholder });
  // A plain member sees the team's bookings they host, not its forms nor page.
  const ownsForms = teamId === "" || isAdmin;
  const routing = useQuery({
    ...routingInsightsQuery(disabledFilter),
    ...placeholder,
    enabled: enabled && ownsForms,
  });
  const funnel = useQuery({
    ...pageFunnelQuery(disabledFilter),
    ...placeholder,
    enabled: enabled && ownsForms,
  });

  // A change of filter is said in one sentence once its figures arrive.
  const asked = useRef(false);
  const choose = (change: () => void) => {
    asked.current = true;
    change();
  };
  useEffect(() => {
    if (!asked.current || !summary.data || summary.isPlaceholderData) return;
    asked.current = false;
    announce(
      t("dashboard.bookingInsights.shown", {
        bookings: new Intl.NumberFormat(locale).format(summary.data.current.bookings),
      }),
    );
  }, [summary.data, summary.isPlaceholderData, t, locale]);

  const csvSuffix = filter ? `${filter.from}_${filter.to}` : "";
  // While a chart still shows the last filter's figures, its CSV is named for the period they
  // are of, not for the one being loaded.
  const settledSuffix = useRef(new Map<string, string>());
  const suffixOf = (card: string, stale: boolean) => {
    if (!stale) settledSuffix.current.set(card, csvSuffix);
    return settledSuffix.current.get(card) ?? csvSuffix;
  };
  const bucketLabel = (start: string) => {
    if (bucket !== "month") return formatDay(start, locale);
    const format = new Intl.DateTimeFormat(locale, {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    // A Gregorian month named in another calendar (Persian in fa) would straddle two of its
    // months: there it goes by its first day.
    return format.resolvedOptions().calendar === "gregory"
      ? format.format(new Date(`${start}T12:00:00Z`))
      : formatDay(start, locale);
  };
  const empty = summary.data !== undefined && summary.data.current.bookings === 0;
  const kpiLabel = (key: keyof InsightsKpis) =>
    t(`dashboard.bookingInsights.kpis.${key as "bookings"}`);

  return (
    <>
      <PageHeader
        title={t("dashboard.bookingInsights.title")}
        description={
          timeZone
            ? t("dashboard.bookingInsights.description", { zone: timeZone.replaceAll("_", " ") })
            : undefined
        }
        actions={
          <Link
            to="/dashboard/insights"
            className="inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-brand-700 underline"
          >
            {t("dashboard.bookingInsights.pageInsights")}
          </Link>
        }
      />
      <fieldset className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,12rem),1fr))] gap-4">
        <legend className="sr-only">{t("dashboard.bookingInsights.filters")}</legend>
        <SelectField
          label={t("dashboard.bookingInsights.period")}
          value={period}
          onChange={(event) => {
            const chosen = event.target.value as Period;
            choose(() => setPeriod(chosen));
          }}
          options={(Object.keys(PERIODS) as Period[]).map((key) => ({
            value: key,
            label:
              key === "last365"
                ? t("dashboard.bookingInsights.lastYear")
                : key === "next30"
                  ? t("dashboard.bookingInsights.next30")
                  : t("dashboard.insights.lastDays", { count: 1 - PERIODS[key].from }),
          }))}
        />
        {(teams.data?.length ?? 0) > 0 ? (
          <SelectField
            label={t("dashboard.bookingInsights.whose")}
            value={teamId}
            onChange={(event) => {
              const chosen = event.target.value;
              choose(() => {
                setTeamId(chosen);
                setEventTypeId("");
                setHostId("");
              });
            }}
            options={[
              { value: "", label: t("dashboard.bookingInsights.mine") },
              ...(teams.data ?? []).map((option) => ({
                value: option.id,
                label: option.name,
              })),
            ]}
          />
        ) : null}
        <SelectField
          label={t("dashboard.bookingInsights.eventType")}
          value={eventTypeId}
          onChange={(event) => {
            const chosen = event.target.value;
            choose(() => setEventTypeId(chosen));
          }}
          options={[
            { value: "", label: t("dashboard.bookingInsights.allEventTypes") },
            ...typeOptions.map((type) => ({ value: type.id, label: type.title })),
          ]}
        />
        {isAdmin && team ? (
          <SelectField
            label={t("dashboard.bookingInsights.host")}
            value={hostId}
            onChange={(event) => {
              const chosen = event.target.value;
              choose(() => setHostId(chosen));
            }}
            options={[
              { value: "", label: t("dashboard.bookingInsights.allHosts") },
              ...team.members.map((member) => ({ value: member.userId, label: member.name })),
            ]}
          />
        ) : null}
      </fieldset>
      <QueryStatus queries={[settings, summary]} />
      {summary.data ? <KpiCards summary={summary.data} label={kpiLabel} /> : null}
      {empty ? (
        <Card title={t("dashboard.bookingInsights.emptyTitle")}>
          <p className="text-gray-700">{t("dashboard.bookingInsights.emptyBody")}</p>
          <div>
            <Link
              to="/dashboard/event-types"
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
            >
              {t("dashboard.bookingInsights.emptyAction")}
            </Link>
          </div>
        </Card>
      ) : null}
      {summary.data && !empty ? (
        <div className="flex flex-col gap-6">
          <DataCard
            testId="insights-over-time"
            title={t("dashboard.bookingInsights.overTime")}
            description={
              <div className="max-w-48 pt-2">
                <SelectField
                  label={t("dashboard.bookingInsights.bucket")}
                  value={bucket}
                  onChange={(event) => {
                    const chosen = event.target.value as InsightsBucket;
                    choose(() => setBucket(chosen));
                  }}
                  options={INSIGHTS_BUCKETS.map((value) => ({
                    value,
                    label: t(`dashboard.bookingInsights.buckets.${value}`),
                  }))}
                />
              </div>
            }
            columns={[
              { label: t("dashboard.bookingInsights.date") },
              { label: t("dashboard.bookingInsights.bookings"), numeric: true },
              { label: t("dashboard.bookingInsights.cancelled"), numeric: true },
              { label: t("dashboard.bookingInsights.completed"), numeric: true },
            ]}
            rows={(overTime.data?.buckets ?? []).map((row) => ({
              key: row.start,
              cells: [
                bucketLabel(row.start),
                number.format(row.bookings),
                number.format(row.cancelled),
                number.format(row.completed),
              ],
              csv: [row.start, row.bookings, row.cancelled, row.completed],
            }))}
            csvName={`bookings-per-${bucket}_${suffixOf("overTime", overTime.isPlaceholderData)}`}
            busy={overTime.isPlaceholderData}
            chart={
              <BarsChart
                data={(overTime.data?.buckets ?? []).map((row) => ({
                  label: bucketLabel(row.start),
                  values: [row.bookings, row.cancelled],
                }))}
                series={[
                  t("dashboard.bookingInsights.bookings"),
                  t("dashboard.bookingInsights.cancelled"),
                ]}
                rtl={rtl}
                formatNumber={formatNumber}
              />
            }
            empty={t("dashboard.bookingInsights.noRows")}
          />
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,26rem),1fr))] gap-6">
            <DataCard
              title={t("dashboard.bookingInsights.byEventType")}
              columns={[
                { label: t("dashboard.bookingInsights.eventType") },
                { label: t("dashboard.bookingInsights.bookings"), numeric: true },
                { label: t("dashboard.bookingInsights.cancelled"), numeric: true },
                { label: t("dashboard.bookingInsights.noShows"), numeric: true },
              ]}
              rows={(byType.data?.eventTypes ?? []).map((row) => ({
                key: row.eventTypeId,
                cells: [
                  row.title,
                  number.format(row.bookings),
                  number.format(row.cancelled),
                  number.format(row.noShows),
                ],
                csv: [row.title, row.bookings, row.cancelled, row.noShows],
              }))}
              csvName={`bookings-by-event-type_${suffixOf("byType", byType.isPlaceholderData)}`}
              busy={byType.isPlaceholderData}
              chart={
                <BarsChart
                  horizontal
                  data={(byType.data?.eventTypes ?? []).slice(0, 8).map((row) => ({
                    label: row.title,
                    values: [row.bookings, row.cancelled],
                  }))}
                  series={[
                    t("dashboard.bookingInsights.bookings"),
                    t("dashboard.bookingInsights.cancelled"),
                  ]}
                  rtl={rtl}
                  formatNumber={formatNumber}
                />
              }
              empty={t("dashboard.bookingInsights.noRows")}
            />
            <DataCard
              title={t("dashboard.bookingInsights.byHost")}
              description={t("dashboard.bookingInsights.byHostHint")}
              columns={[
                { label: t("dashboard.bookingInsights.host") },
                { label: t("dashboard.bookingInsights.bookings"), numeric: true },
                { label: t("dashboard.bookingInsights.roundRobin"), numeric: true },
                { label: t("dashboard.bookingInsights.cancelled"), numeric: true },
                { label: t("dashboard.bookingInsights.noShows"), numeric: true },
              ]}
              rows={(byHost.data?.hosts ?? []).map((row) => ({
                key: row.userId,
                cells: [
                  row.name,
                  number.format(row.bookings),
                  number.format(row.roundRobin),
                  number.format(row.cancelled),
                  number.format(row.noShows),
                ],
                csv: [row.name, row.bookings, row.roundRobin, row.cancelled, row.noShows],
              }))}
              csvName={`bookings-by-host_${suffixOf("byHost", byHost.isPlaceholderData)}`}
              busy={byHost.isPlaceholderData}
              chart={
                <BarsChart
                  horizontal
                  data={(byHost.data?.hosts ?? []).slice(0, 10).map((row) => ({
                    label: row.name,
                    values: [row.bookings, row.roundRobin],
                  }))}
                  series={[
                    t("dashboard.bookingInsights.bookings"),
                    t("dashboard.bookingInsights.roundRobin"),
                  ]}
                  rtl={rtl}
                  formatNumber={formatNumber}
                />
              }
              empty={t("dashboard.bookingInsights.noRows")}
            />
            <DataCard
              title={t("dashboard.bookingInsights.leadTime")}
              description={
                lead.data?.medianHours != null
                  ? t("dashboard.bookingInsights.leadTimeMedian", {
                      value: new Intl.NumberFormat(locale, {
                        style: "unit",
                        unit: lead.data.medianHours >= 48 ? "day" : "hour",
                        unitDisplay: "long",
                        maximumFractionDigits: 1,
                      }).format(
                        lead.data.medianHours >= 48
                          ? lead.data.medianHours / 24
                          : lead.data.medianHours,
                      ),
                    })
                  : undefined
              }
              columns={[
                { label: t("dashboard.bookingInsights.ahead") },
                { label: t("dashboard.bookingInsights.bookings"), numeric: true },
              ]}
              rows={(lead.data?.buckets ?? []).map((row) => ({
                key: row.key,
                cells: [
                  t(`dashboard.bookingInsights.leadBuckets.${row.key}`),
                  number.format(row.bookings),
                ],
                csv: [t(`dashboard.bookingInsights.leadBuckets.${row.key}`), row.bookings],
              }))}
              csvName={`lead-time_${suffixOf("lead", lead.isPlaceholderData)}`}
              busy={lead.isPlaceholderData}
              chart={
                <BarsChart
                  data={LEAD_TIME_BUCKETS.map((bucketDef) => ({
                    label: t(`dashboard.bookingInsights.leadBuckets.${bucketDef.key}`),
                    values: [
                      lead.data?.buckets.find((row) => row.key === bucketDef.key)?.bookings ?? 0,
                    ],
                  }))}
                  series={[t("dashboard.bookingInsights.bookings")]}
                  rtl={rtl}
                  formatNumber={formatNumber}
                />
              }
              empty={t("dashboard.bookingInsights.noRows")}
            />
            <Heatmap
              title={t("dashboard.bookingInsights.heatmap")}
              description={t("dashboard.bookingInsights.heatmapHint")}
              cells={heat.data?.cells ?? []}
              csvName={`busiest-times_${suffixOf("heat", heat.isPlaceholderData)}`}
            />
          </div>
        </div>
      ) : null}
      {summary.data && ownsForms ? (
        <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,26rem),1fr))] gap-6">
          <DataCard
            title={t("dashboard.bookingInsights.routing")}
            columns={[
              { label: t("dashboard.bookingInsights.form") },
              { label: t("dashboard.bookingInsights.route") },
              { label: t("dashboard.bookingInsights.submissions"), numeric: true },
              { label: t("dashboard.bookingInsights.booked"), numeric: true },
            ]}
            rows={(routing.data?.routes ?? []).map((row) => {
              const route =
                row.position === null
                  ? t("dashboard.bookingInsights.removedRoute")
                  : row.isFallback
                    ? t("dashboard.bookingInsights.fallbackRoute")
                    : t("dashboard.bookingInsights.routeNumber", {
                        position: number.format(row.position),
                      });
              const named = row.eventTypeTitle ? `${route}: ${row.eventTypeTitle}` : route;
              return {
                key: `${row.formId}:${row.routeId}`,
                cells: [
                  row.formTitle,
                  named,
                  number.format(row.submissions),
                  number.format(row.booked),
                ],
                csv: [row.formTitle, named, row.submissions, row.booked],
              };
            })}
            csvName={`routing-forms_${suffixOf("routing", routing.isPlaceholderData)}`}
            busy={routing.isPlaceholderData}
            empty={t("dashboard.bookingInsights.noRouting")}
          />
          <DataCard
            title={t("dashboard.bookingInsights.funnel")}
            description={
              funnel.data
                ? `${t("dashboard.bookingInsights.visits")}: ${number.format(funnel.data.totals.visits)} · ${t("dashboard.bookingInsights.clicks")}: ${number.format(funnel.data.totals.clicks)} · ${t("dashboard.bookingInsights.bookings")}: ${number.format(funnel.data.totals.bookings)}. ${t("dashboard.bookingInsights.funnelHint")}`
                : undefined
            }
            columns={[
              { label: t("dashboard.bookingInsights.block") },
              { label: t("dashboard.bookingInsights.clicks"), numeric: true },
              { label: t("dashboard.bookingInsights.bookings"), numeric: true },
            ]}
            rows={
              funnel.data && funnel.data.totals.visits + funnel.data.totals.clicks > 0
                ? funnel.data.blocks.map((row) => {
                    const name =
                      row.kind === null
                        ? t("dashboard.insights.removedBlock")
                        : (row.title ??
                          t("dashboard.page.blockName", {
                            kind: t(`dashboard.page.kinds.${row.kind}`),
                            position: row.position ?? 0,
                          }));
                    return {
                      key: row.componentId,
                      cells: [
                        name,
                        number.format(row.clicks),
                        row.bookings === null
                          ? t("dashboard.bookingInsights.notApplicable")
                          : number.format(row.bookings),
                      ],
                      csv: [name, row.clicks, row.bookings ?? ""],
                    };
                  })
                : []
            }
            csvName={`page-funnel_${suffixOf("funnel", funnel.isPlaceholderData)}`}
            busy={funnel.isPlaceholderData}
            empty={t("dashboard.bookingInsights.noFunnel")}
          />
        </div>
      ) : null}
    </>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { INSIGHTS_WINDOWS, type InsightsWindow } from "../../../core/api/insights";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SelectField } from "../../components/SelectField";
import { insightsQuery, teamsQuery } from "../../features/dashboard/api/dashboardQueries";
import { CountTable } from "../../features/dashboard/insights/CountTable";
import { ViewsChart } from "../../features/dashboard/insights/ViewsChart";
import { announce } from "../../features/layout/Announcer";
import { Link } from "../../router";

const KNOWN_DEVICES = ["mobile", "tablet", "desktop"] as const;
type KnownDevice = (typeof KNOWN_DEVICES)[number];
const isKnownDevice = (device: string | null): device is KnownDevice =>
  (KNOWN_DEVICES as readonly (string | null)[]).includes(device);

/** Views and clicks of the host's public page (or a team's they administer) over 7/30/90 days. */
export function InsightsScreen() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<InsightsWindow>(30);
  // A team's screen links here with ?team={id}; the select says which page is shown.
  const [teamId, setTeamId] = useState(
    () => new URLSearchParams(window.location.search).get("team") ?? "",
  );
  const teams = useQuery(teamsQuery());
  const adminTeams = (teams.data ?? []).filter((team) => team.role === "admin");
  // The last figures stay while another window loads, so the chart does not blink away.
  const insights = useQuery({
    ...insightsQuery(teamId === "" ? null : teamId, days),
    placeholderData: keepPreviousData,
  });
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const data = insights.data;

  // A change of range or page is said in one sentence once its figures arrive; the figures,
  // chart and tables are not a live region (read out whole, they ran to 1,700 characters).
  const asked = useRef(false);
  const choose = (change: () => void) => {
    asked.current = true;
    change();
  };
  useEffect(() => {
    if (!asked.current || !data || insights.isPlaceholderData) return;
    asked.current = false;
    const format = new Intl.NumberFormat(intlLocale(i18n.language));
    announce(
      t("dashboard.insights.shown", {
        range: t("dashboard.insights.lastDays", { count: days }),
        views: format.format(data.totals.views),
        clicks: format.format(data.totals.clicks),
      }),
    );
  }, [data, insights.isPlaceholderData, days, t, i18n.language]);

  return (
    <>
      <PageHeader
        title={t("dashboard.insights.title")}
        description={t("dashboard.insights.description")}
        actions={
          <Link
            to="/dashboard/insights/bookings"
            className="inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-brand-700 underline"
          >
            {t("dashboard.bookingInsights.title")}
          </Link>
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        {adminTeams.length > 0 ? (
          <div className="min-w-56">
            <SelectField
              label={t("dashboard.insights.page")}
              value={teamId}
              onChange={(event) => {
                const chosen = event.target.value;
                choose(() => setTeamId(chosen));
              }}
              options={[
                { value: "", label: t("dashboard.insights.myPage") },
                ...adminTeams.map((team) => ({ value: team.id, label: team.name })),
              ]}
            />
          </div>
        ) : null}
        <fieldset className="flex gap-1 self-start rounded-lg bg-gray-200/70 p-1">
          <legend className="sr-only">{t("dashboard.insights.window")}</legend>
          {INSIGHTS_WINDOWS.map((window) => (
            <button
              key={window}
              type="button"
              aria-pressed={days === window}
              onClick={() => choose(() => setDays(window))}
              className={`min-h-11 rounded-md px-3 py-2 font-semibold ${
                days === window
                  ? "bg-brand-700 text-white shadow-sm"
                  : "text-gray-700 hover:text-gray-900"
              }`}
            >
              {t("dashboard.insights.lastDays", { count: window })}
            </button>
          ))}
        </fieldset>
      </div>
      <QueryStatus queries={[insights]} />
      {data ? (
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
              <dt className="text-sm font-semibold text-gray-700">
                {t("dashboard.insights.views")}
              </dt>
              <dd className="text-3xl font-bold text-gray-900" data-testid="insights-views">
                {number.format(data.totals.views)}
              </dd>
            </div>
            <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
              <dt className="text-sm font-semibold text-gray-700">
                {t("dashboard.insights.clicks")}
              </dt>
              <dd className="text-3xl font-bold text-gray-900" data-testid="insights-clicks">
                {number.format(data.totals.clicks)}
              </dd>
            </div>
          </dl>
          <Card title={t("dashboard.insights.viewsPerDay")}>
            <ViewsChart days={data.days} />
          </Card>
          {/* Three across only while each gets 20rem (in text, so at 200 % one column). */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,20rem),1fr))] gap-6">
            <Card title={t("dashboard.insights.blocks")}>
              <CountTable
                caption={t("dashboard.insights.blocks")}
                labelHeading={t("dashboard.insights.block")}
                countHeading={t("dashboard.insights.clicks")}
                rows={data.blocks.map((row) => ({
                  key: row.componentId,
                  label:
                    row.block === null
                      ? t("dashboard.insights.removedBlock")
                      : (row.block.title ??
                        t("dashboard.page.blockName", {
                          kind: t(`dashboard.page.kinds.${row.block.kind}`),
                          position: row.block.position,
                        })),
                  count: row.clicks,
                }))}
                empty={t("dashboard.insights.noClicks")}
              />
            </Card>
            <Card title={t("dashboard.insights.referrers")}>
              <CountTable
                caption={t("dashboard.insights.referrers")}
                labelHeading={t("dashboard.insights.referrer")}
                countHeading={t("dashboard.insights.views")}
                rows={data.referrers.map((row) => ({
                  key: row.referrer ?? "",
                  label: row.referrer
                    ? row.referrer.replace(/^https?:\/\//, "")
                    : t("dashboard.insights.direct"),
                  count: row.views,
                }))}
                empty={t("dashboard.insights.noViews")}
              />
            </Card>
            <Card title={t("dashboard.insights.devices")}>
              <CountTable
                caption={t("dashboard.insights.devices")}
                labelHeading={t("dashboard.insights.device")}
                countHeading={t("dashboard.insights.views")}
                rows={data.devices.map((row) => ({
                  key: row.device ?? "",
                  label: isKnownDevice(row.device)
                    ? t(`dashboard.insights.deviceNames.${row.device}`)
                    : (row.device ?? t("dashboard.insights.unknownDevice")),
                  count: row.views,
                }))}
                empty={t("dashboard.insights.noViews")}
              />
            </Card>
          </div>
        </div>
      ) : null}
    </>
  );
}

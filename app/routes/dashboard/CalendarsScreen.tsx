import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  OAUTH_FAILURES,
  OAUTH_PROVIDERS,
  type OAuthFailure,
  type OAuthProvider,
} from "../../../core/api/calendarConnections";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import {
  calendarConnectionsQuery,
  oauthProvidersQuery,
} from "../../features/dashboard/api/dashboardQueries";
import { BookingFeedCard } from "../../features/dashboard/calendars/BookingFeedCard";
import { CalendarConnectionCard } from "../../features/dashboard/calendars/CalendarConnectionCard";
import { ConnectCalendarDialog } from "../../features/dashboard/calendars/ConnectCalendarDialog";
import { notify } from "../../state/appState";

/** Which provider's callback brought the host back (`?provider=`; Google when absent). */
function oauthProvider(): OAuthProvider {
  const value = new URLSearchParams(window.location.search).get("provider");
  return (OAUTH_PROVIDERS as readonly string[]).includes(value ?? "")
    ? (value as OAuthProvider)
    : "GOOGLE";
}

/** Each OAuth provider's connect button and the catalog of its callback's failures. */
const OAUTH_TEXTS = {
  GOOGLE: { connect: "dashboard.calendars.connectGoogle", failed: "dashboard.calendars.oauth" },
  MICROSOFT: {
    connect: "dashboard.calendars.connectMicrosoft",
    failed: "dashboard.calendars.oauthMicrosoft",
  },
  ZOOM: { connect: "dashboard.calendars.connectZoom", failed: "dashboard.calendars.oauthZoom" },
} as const;

/** What an OAuth callback said (`?oauth=`), read once when the screen opens. */
function oauthOutcome(): "connected" | OAuthFailure | null {
  const value = new URLSearchParams(window.location.search).get("oauth");
  if (value === "connected") return value;
  return (OAUTH_FAILURES as readonly string[]).includes(value ?? "")
    ? (value as OAuthFailure)
    : null;
}

/**
 * The host's calendar connections (connect CalDAV, an ICS feed, Google, Microsoft; pick
 * calendars, see health), their Zoom connection (meeting links), and the private feed of their
 * own bookings.
 */
export function CalendarsScreen() {
  const { t } = useTranslation();
  const connections = useQuery(calendarConnectionsQuery());
  const [connecting, setConnecting] = useState<"CALDAV" | "ICS" | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const providers = useQuery(oauthProvidersQuery());
  const [oauth] = useState(oauthOutcome);
  const [oauthFrom] = useState(oauthProvider);
  useEffect(() => {
    if (oauth === null) return;
    if (oauth === "connected") notify(t("dashboard.calendars.connected"));
    // The outcome is said once: a reload does not say it again.
    const url = new URL(window.location.href);
    url.searchParams.delete("oauth");
    url.searchParams.delete("provider");
    window.history.replaceState(window.history.state, "", url);
  }, [oauth, t]);
  const connect = useMutation({
    mutationFn: (provider: OAuthProvider) => dashboardApi.startOAuthConnection(provider),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <>
      <PageHeader
        title={t("dashboard.calendars.title")}
        description={t("dashboard.calendars.description")}
        actions={
          <>
            {OAUTH_PROVIDERS.filter((provider) => providers.data?.includes(provider)).map(
              (provider) => (
                <Button
                  key={provider}
                  disabled={connect.isPending}
                  onClick={() => connect.mutate(provider)}
                >
                  {t(OAUTH_TEXTS[provider].connect)}
                </Button>
              ),
            )}
            <Button onClick={() => setConnecting("CALDAV")}>
              {t("dashboard.calendars.connectCaldav")}
            </Button>
            <Button variant="secondary" onClick={() => setConnecting("ICS")}>
              {t("dashboard.calendars.addFeed")}
            </Button>
          </>
        }
      />
      <QueryStatus queries={[connections]} />
      {oauth !== null && oauth !== "connected" ? (
        <Alert message={t(`${OAUTH_TEXTS[oauthFrom].failed}.${oauth}`)} />
      ) : null}
      {connect.error ? <Alert message={errorMessage(connect.error, t)} /> : null}
      {connections.data && connections.data.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.calendars.none")}</p>
      ) : null}
      {connections.data && connections.data.length > 0 ? (
        <ul ref={listRef} className="flex flex-col gap-4">
          {connections.data.map((connection) => (
            <CalendarConnectionCard
              key={connection.id}
              connection={connection}
              onDeleted={() => requestAnimationFrame(() => document.querySelector("h1")?.focus())}
            />
          ))}
        </ul>
      ) : null}
      <BookingFeedCard />
      {connecting ? (
        <ConnectCalendarDialog provider={connecting} onClose={() => setConnecting(null)} />
      ) : null}
    </>
  );
}

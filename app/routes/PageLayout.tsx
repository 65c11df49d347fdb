import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { referrerOrigin } from "../features/analytics/pageAnalytics";
import { consentStatus, useConsentChoice } from "../features/consent/consentCookie";
import { isEmbedded } from "../features/embed/embedded";
import { usePageHeightReporter } from "../features/embed/usePageHeightReporter";
import { Announcer } from "../features/layout/Announcer";
import { LayoutFooter } from "../features/layout/LayoutFooter";
import { ProgressBar } from "../features/layout/ProgressBar";
import { Toasts } from "../features/layout/Toasts";
import { useLayoutColors } from "../features/layout/useLayoutColors";
import { usePageProfile } from "../features/profile/pageProfile";
import { useLocation } from "../router/navigation";
import { ErrorPage } from "./ErrorPage";
import { hostRouteNames, type RouteName } from "./routeTable";

const ConsentBanner = lazy(() =>
  import("../features/consent/ConsentBanner").then((m) => ({ default: m.ConsentBanner })),
);
// Only pages with consent to analytics need the route-pattern addresses: they load with it.
const AnalyticsLoader = lazy(() =>
  Promise.all([import("../features/consent/ConsentBanner"), import("./analyticsPageUrl")]).then(
    ([{ AnalyticsLoader: Loader }, { analyticsPageUrl }]) => {
      const trackedPage = (href: string) => ({
        ...analyticsPageUrl(href),
        referrer: referrerOrigin(document.referrer),
      });
      return { default: () => <Loader pageOf={trackedPage} /> };
    },
  ),
);

const defaultPadding = "px-4 py-10 sm:px-6 sm:py-14";
const bookingPadding = "px-0 py-0 sm:px-6 sm:py-10";

// Booking screens run edge to edge on phones, where they are often embedded.
const paddingByRoute: Partial<Record<RouteName, string>> = {
  profile: bookingPadding,
  booking: bookingPadding,
  bookingHost: bookingPadding,
  sharedLink: bookingPadding,
  sharedLinkHost: bookingPadding,
  singleUseLink: bookingPadding,
  routingForm: bookingPadding,
  rescheduleByHost: bookingPadding,
  rescheduleByAttendee: bookingPadding,
  rescheduleForAll: bookingPadding,
  rescheduleRoundRobinByHost: bookingPadding,
  legacyRescheduleGroup: bookingPadding,
  legacyRescheduleHost: bookingPadding,
  legacyRescheduleRoundRobin: bookingPadding,
  legacyReschedule: bookingPadding,
  dashboard: "px-4 py-6 sm:px-6 sm:py-8",
};

interface PageLayoutProps {
  routeName: RouteName;
  children: ReactNode;
}

/** The frame of every page: padding by route name, the loading state and the error page. */
export function PageLayout({ routeName, children }: PageLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isPublic = !hostRouteNames.has(routeName);
  // The dashboard's banner comes before its main landmark: it places its own main.
  const Main = routeName === "dashboard" ? "div" : "main";
  return (
    <>
      {isPublic ? <PublicChrome /> : null}
      <ProgressBar />
      <Main className={`flex-1 ${paddingByRoute[routeName] ?? defaultPadding}`}>
        <ErrorBoundary
          key={pathname}
          fallback={(error) =>
            Main === "main" ? (
              <ErrorPage error={error} />
            ) : (
              <main>
                <ErrorPage error={error} />
              </main>
            )
          }
        >
          <Suspense
            fallback={
              <div data-page-pending="">
                <LoadingIndicator label={t("common.loading")} />
              </div>
            }
          >
            {children}
          </Suspense>
        </ErrorBoundary>
      </Main>
      {isPublic ? <LayoutFooter /> : null}
      <Toasts />
      <Announcer />
    </>
  );
}

/** What every invitee-facing page has: the profile's colours, embedding, consent. */
function PublicChrome() {
  const { search } = useLocation();
  const profile = usePageProfile();
  const embedded = isEmbedded(search);
  useLayoutColors(profile, search);
  usePageHeightReporter(embedded);
  useEffect(() => {
    document.documentElement.classList.toggle("embedded", embedded);
  }, [embedded]);
  const consent = consentStatus(profile, embedded, search, useConsentChoice());
  if (consent !== "ask" && consent !== "granted") return null;
  return (
    <Suspense fallback={null}>
      {consent === "ask" ? <ConsentBanner /> : <AnalyticsLoader />}
    </Suspense>
  );
}

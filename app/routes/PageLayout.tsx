import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { ErrorPage } from "./ErrorPage";
import type { RouteName } from "./routeTable";

const defaultPadding = "px-4 py-10 sm:px-6 sm:py-14";

// Booking screens run edge to edge on phones, where they are often embedded.
const paddingByRoute: Partial<Record<RouteName, string>> = {
  profile: "px-0 py-0 sm:px-6 sm:py-10",
  booking: "px-0 py-0 sm:px-6 sm:py-10",
  bookingHost: "px-0 py-0 sm:px-6 sm:py-10",
  sharedLink: "px-0 py-0 sm:px-6 sm:py-10",
  sharedLinkHost: "px-0 py-0 sm:px-6 sm:py-10",
  singleUseLink: "px-0 py-0 sm:px-6 sm:py-10",
  routingForm: "px-0 py-0 sm:px-6 sm:py-10",
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
  return (
    <main className={paddingByRoute[routeName] ?? defaultPadding}>
      <ErrorBoundary key={pathname} fallback={(error) => <ErrorPage error={error} />}>
        <Suspense fallback={<LoadingIndicator label={t("common.loading")} />}>{children}</Suspense>
      </ErrorBoundary>
    </main>
  );
}

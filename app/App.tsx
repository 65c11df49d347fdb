import type { i18n as I18n } from "i18next";
import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { RouteContext, useLocation } from "./router/navigation";
import { useHeadingFocusOnNavigation } from "./router/useHeadingFocusOnNavigation";
import { matchRoute } from "./routes/matchRoute";
import { PageLayout } from "./routes/PageLayout";

interface AppProps {
  i18n: I18n;
}

export function App({ i18n }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <RouteView />
    </I18nextProvider>
  );
}

/** The page of the first route that matches the location, in its layout. */
function RouteView() {
  const { pathname } = useLocation();
  useHeadingFocusOnNavigation(pathname);
  const match = useMemo(() => matchRoute(pathname), [pathname]);
  const Page = match.route.Page.loaded ?? match.route.Page;
  const context = useMemo(() => ({ name: match.name, params: match.params }), [match]);
  return (
    <RouteContext value={context}>
      <PageLayout routeName={match.name}>
        <Page routeName={match.name} />
      </PageLayout>
    </RouteContext>
  );
}

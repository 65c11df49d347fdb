import { useQuery } from "@tanstack/react-query";
import { Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { hasStatus } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { meQuery, setupQuery } from "../../api/queries";
import { Alert } from "../../components/Alert";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { SignOutButton } from "../../features/auth/SignOutButton";
import { NoMailBanner } from "../../features/dashboard/settings/NoMailBanner";
import { VerifyEmailBanner } from "../../features/dashboard/settings/VerifyEmailBanner";
import { DashboardShell } from "../../features/dashboard/shell/DashboardShell";
import { publicUrl } from "../../lib/publicUrl";
import { Navigate, useLocation } from "../../router";
import { matchDashboardRoute } from "./dashboardRoutes";

/** The host dashboard: the signed-in shell around the screen the path names. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { route, params } = useMemo(() => matchDashboardRoute(pathname), [pathname]);
  const me = useQuery({ ...meQuery(), enabled: !route.public });
  const setup = useQuery({ ...setupQuery(), enabled: !route.public });
  const sendsMail = setup.data?.sendsMail !== false;
  const { Screen } = route;
  const screen = (
    <Suspense fallback={<LoadingIndicator label={t("common.loading")} />}>
      <Screen params={params} />
    </Suspense>
  );

  if (route.public) return <main className="mx-auto flex max-w-md flex-col gap-6">{screen}</main>;
  if (hasStatus(me.error, 401)) return <Navigate to="/" replace />;
  if (me.isPending) {
    return (
      <main>
        <LoadingIndicator label={t("common.loading")} />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main>
        <Alert message={errorMessage(me.error, t)} />
      </main>
    );
  }

  const { user } = me.data;
  return (
    <DashboardShell
      active={route.section}
      userName={user.name}
      bookingPageUrl={`${publicUrl()}/${user.username}`}
      signOut={<SignOutButton />}
    >
      {sendsMail ? null : <NoMailBanner />}
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} sendsMail={sendsMail} />}
      {screen}
    </DashboardShell>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { ApiError } from "../api/apiClient";
import { errorMessage } from "../api/errorMessage";
import { meQuery } from "../api/queries";
import { Alert } from "../components/Alert";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { SignOutButton } from "../features/auth/SignOutButton";
import { Logo } from "../features/brand/Logo";
import { useDocumentTitle } from "../lib/useDocumentTitle";

/** The host dashboard; for now the signed-in user and a way to sign out. */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("dashboard.documentTitle"));
  const me = useQuery(meQuery());

  if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to="/" replace />;
  if (me.isPending) return <LoadingIndicator label={t("common.loading")} />;
  if (me.isError) return <Alert message={errorMessage(me.error, t)} />;

  const { user } = me.data;
  const bookingPage = `${window.location.origin}/${user.username}`;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <Logo />
        <SignOutButton />
      </header>
      <section className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-gray-900">
          {t("dashboard.heading", { name: user.name })}
        </h1>
        <p className="text-gray-700">{t("dashboard.signedInAs", { email: user.email })}</p>
        <p className="text-gray-700">
          {t("dashboard.bookingPage")}{" "}
          <a href={bookingPage} className="font-semibold break-all text-brand-700 underline">
            <bdi>{bookingPage}</bdi>
          </a>
        </p>
        <p className="text-gray-600">{t("dashboard.comingSoon")}</p>
      </section>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { meQuery } from "../api/queries";
import { buttonClassName } from "../components/buttonClassName";
import { AuthPanel } from "../features/auth/AuthPanel";
import { Logo } from "../features/brand/Logo";
import { LanguageSwitcher } from "../features/layout/LanguageSwitcher";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Link } from "../router";

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("home.documentTitle"));
  const me = useQuery(meQuery());
  const points = [t("home.pointHosts"), t("home.pointInvitees"), t("home.pointSelfHosted")];

  return (
    <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-2 lg:items-start lg:gap-16">
      <section aria-labelledby="home-headline" className="flex flex-col gap-5 lg:pt-6">
        <Logo />
        <h1 id="home-headline" className="text-3xl font-bold text-gray-900 sm:text-4xl">
          {t("home.headline")}
        </h1>
        <p className="text-lg text-gray-700">{t("home.intro")}</p>
        <ul className="flex flex-col gap-3">
          {points.map((point) => (
            <li key={point} className="flex gap-3 text-gray-800">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0">
                <circle cx="10" cy="10" r="10" className="fill-brand-600" />
                <path
                  d="m6 10.5 2.5 2.5L14 7.5"
                  fill="none"
                  stroke="#fff"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {point}
            </li>
          ))}
        </ul>
      </section>
      <section className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
        {me.data ? (
          <div className="flex flex-col items-start gap-3 rounded-lg bg-gray-50 p-4">
            <p className="text-gray-800">{t("home.signedInAs", { name: me.data.user.name })}</p>
            <Link to="/dashboard" className={buttonClassName("secondary")}>
              {t("home.openDashboard")}
            </Link>
          </div>
        ) : null}
        <AuthPanel />
      </section>
      <div className="flex justify-center text-sm text-gray-700 lg:col-span-2">
        <LanguageSwitcher />
      </div>
    </div>
  );
}

import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../../../router";
import { Logo } from "../../brand/Logo";

export type DashboardSection =
  | "home"
  | "eventTypes"
  | "page"
  | "availability"
  | "calendars"
  | "bookings"
  | "insights"
  | "routingForms"
  | "teams"
  | "workflows"
  | "webhooks"
  | "settings";

const sections: { id: DashboardSection; path: string }[] = [
  { id: "home", path: "/dashboard" },
  { id: "eventTypes", path: "/dashboard/event-types" },
  { id: "page", path: "/dashboard/page" },
  { id: "availability", path: "/dashboard/availability" },
  { id: "calendars", path: "/dashboard/calendars" },
  { id: "bookings", path: "/dashboard/bookings" },
  { id: "insights", path: "/dashboard/insights" },
  { id: "routingForms", path: "/dashboard/routing-forms" },
  { id: "teams", path: "/dashboard/teams" },
  { id: "workflows", path: "/dashboard/workflows" },
  { id: "webhooks", path: "/dashboard/webhooks" },
  { id: "settings", path: "/dashboard/settings" },
];

interface DashboardShellProps {
  active: DashboardSection | null;
  userName: string;
  bookingPageUrl: string;
  signOut: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every signed-in dashboard screen: the product mark, the section navigation
 * (a sidebar from lg, a scrolling row of links below), the booking-page link and sign-out.
 * Its header is the page's banner, so the screen's main landmark is here, after it.
 */
export function DashboardShell({
  active,
  userName,
  bookingPageUrl,
  signOut,
  children,
}: DashboardShellProps) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLUListElement>(null);
  // On phones the sections are a row that scrolls sideways: keep the current one in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new section moves the current link.
  useEffect(() => {
    const list = navRef.current;
    const current = list?.querySelector<HTMLElement>("[aria-current='page']");
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    // "nearest" on the block axis: the row is in view, so the page itself does not move.
    current.scrollIntoView({ block: "nearest", inline: "center" });
  }, [active]);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <a
        href="#dashboard-main"
        className="sr-only rounded-lg bg-white font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:px-4 focus:py-2"
      >
        {t("dashboard.nav.skipToContent")}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/dashboard" className="rounded-lg">
          <Logo />
          <span className="sr-only"> – {t("dashboard.nav.home")}</span>
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <span className="hidden text-sm text-gray-700 sm:inline">
            <bdi>{userName}</bdi>
          </span>
          <a
            href={bookingPageUrl}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-semibold text-brand-700 underline"
          >
            {t("dashboard.nav.viewBookingPage")}
            <span className="sr-only"> {t("dashboard.common.opensInNewTab")}</span>
          </a>
          {signOut}
        </div>
      </header>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav
          aria-label={t("dashboard.nav.label")}
          className="lg:sticky lg:top-6 lg:w-56 lg:shrink-0"
        >
          <ul
            ref={navRef}
            // The block padding keeps the links' focus rings inside the row's clip.
            className="-mx-4 -my-1 flex gap-1 overflow-x-auto px-4 py-1 lg:m-0 lg:flex-col lg:overflow-visible lg:p-0"
          >
            {sections.map((section) => {
              const current = section.id === active;
              return (
                <li key={section.id} className="shrink-0">
                  <Link
                    to={section.path}
                    aria-current={current ? "page" : undefined}
                    className={`flex min-h-11 items-center rounded-lg px-3 py-2 font-semibold whitespace-nowrap ${
                      current
                        ? "bg-white text-brand-700 shadow-sm"
                        : "text-gray-700 hover:bg-white/70 hover:text-gray-900"
                    }`}
                  >
                    {t(`dashboard.nav.${section.id}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <main
          id="dashboard-main"
          tabIndex={-1}
          className="flex min-w-0 flex-1 flex-col gap-6 outline-none"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

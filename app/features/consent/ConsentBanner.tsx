import { type FocusEvent, useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { useBlockEndReserve } from "../../lib/useBlockEndReserve";
import { onNavigation } from "../../router/navigation";
import { notify } from "../../state/appState";
import { usePageProfile } from "../profile/pageProfile";
import {
  loadFacebookPixel,
  loadGoogleAnalytics,
  type TrackedPage,
  trackPageView,
} from "./analyticsScripts";
import { recordConsent } from "./consentCookie";

/** Where focus goes when the banner leaves: back where it was, else to the page's heading. */
function restoreFocus(previous: HTMLElement | null) {
  if (previous?.isConnected) {
    previous.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  // A mouse user may have scrolled away from it; the keyboard user started there.
  heading.focus({ preventScroll: true });
}

/**
 * Asks whether the host's analytics may run; the answer is kept 30 days. The page keeps room
 * for the banner, so it never covers what has focus (WCAG 2.4.11); Escape declines.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const previousFocus = useRef<HTMLElement | null>(null);
  useBlockEndReserve(ref, { room: true });

  const handleChoice = useCallback((action: "accept" | "decline") => {
    // The buttons are about to go: focus would fall to the body and the reader lose its place.
    if (ref.current?.contains(document.activeElement)) restoreFocus(previousFocus.current);
    recordConsent(action);
  }, []);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      // Escape in a dialog or a popup closes that, not the banner.
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("dialog, [role='dialog'], [role='alertdialog']")) return;
      handleChoice("decline");
      notify(t("consent.declinedByEscape"));
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [handleChoice, t]);

  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) {
      previousFocus.current = from;
    }
  };

  return (
    <section
      ref={ref}
      aria-labelledby="consent-title"
      onFocus={handleFocus}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:end-4 sm:bottom-4 sm:max-w-sm sm:rounded-xl sm:border"
    >
      <h2 id="consent-title" className="font-semibold text-gray-900">
        {t("consent.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t("consent.message")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => handleChoice("accept")}>{t("consent.accept")}</Button>
        <Button variant="secondary" onClick={() => handleChoice("decline")}>
          {t("consent.decline")}
        </Button>
      </div>
    </section>
  );
}

/**
 * With consent: loads Google Analytics and the Facebook pixel and reports each page view, as
 * `pageOf` holds the current address back (tokens, uuids and personal parameters never go).
 */
export function AnalyticsLoader({ pageOf }: { pageOf: (href: string) => TrackedPage }) {
  const profile = usePageProfile();
  const ga = profile?.googleAnalytics ?? null;
  const pixel = profile?.facebookPixelId ?? null;
  useEffect(() => {
    const current = () => pageOf(window.location.href);
    if (ga) loadGoogleAnalytics(ga, current());
    if (pixel) loadFacebookPixel(pixel);
    // One view a page: the booking page's date and time steps change only its query.
    let trackedPath = window.location.pathname;
    trackPageView(current());
    return onNavigation(() => {
      if (window.location.pathname === trackedPath) return;
      trackedPath = window.location.pathname;
      trackPageView(current());
    });
  }, [ga, pixel, pageOf]);
  return null;
}

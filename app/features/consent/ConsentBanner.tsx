import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { onNavigation } from "../../router/navigation";
import { useAppState } from "../../state/appState";
import {
  loadFacebookPixel,
  loadGoogleAnalytics,
  type TrackedPage,
  trackPageView,
} from "./analyticsScripts";
import { recordConsent } from "./consentCookie";

/** Asks whether the host's analytics may run; the answer is kept 30 days. */
export function ConsentBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:end-4 sm:bottom-4 sm:max-w-sm sm:rounded-xl sm:border"
    >
      <h2 id="consent-title" className="font-semibold text-gray-900">
        {t("consent.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t("consent.message")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => recordConsent("accept")}>{t("consent.accept")}</Button>
        <Button variant="secondary" onClick={() => recordConsent("decline")}>
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
  const profile = useAppState((state) => state.profile);
  const ga = profile?.googleAnalytics ?? null;
  const pixel = profile?.facebookPixelId ?? null;
  useEffect(() => {
    const current = () => pageOf(window.location.href);
    if (ga) loadGoogleAnalytics(ga, current());
    if (pixel) loadFacebookPixel(pixel);
    const handleNavigation = () => trackPageView(current());
    handleNavigation();
    return onNavigation(handleNavigation);
  }, [ga, pixel, pageOf]);
  return null;
}

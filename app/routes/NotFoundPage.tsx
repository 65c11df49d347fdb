import { useTranslation } from "react-i18next";
import { buttonClassName } from "../components/buttonClassName";
import { Logo } from "../features/brand/Logo";
import { useShowProfileOf } from "../features/profile/pageProfile";
import { browserTimeZone } from "../lib/browserTimeZone";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Link } from "../router";

// "Iran" is the legacy alias some browsers still report.
const tehranZones = new Set(["Asia/Tehran", "Iran"]);

/** The page for any path no route matches (spec §2). */
export function NotFoundPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("notFound.documentTitle"));
  useShowProfileOf(null, false);
  const showPromotion = !tehranZones.has(browserTimeZone());
  const homeParams = new URLSearchParams({
    lang: i18n.language,
    utm_source: "slotted",
    utm_medium: "404",
  });

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
      {/* React hoists these into <head>: the 404 status marker for crawlers and prerenderers. */}
      <meta name="robots" content="noindex" />
      <meta name="prerender-status-code" content="404" />
      {showPromotion ? <Logo /> : null}
      <h1 className="text-3xl font-bold text-gray-900">{t("notFound.title")}</h1>
      <p className="text-lg text-gray-700">{t("notFound.message")}</p>
      {showPromotion ? (
        <>
          <p className="text-gray-700">{t("notFound.suggestion")}</p>
          <Link to={`/?${homeParams}`} className={buttonClassName()}>
            {t("notFound.homeButton")}
          </Link>
        </>
      ) : null}
    </div>
  );
}

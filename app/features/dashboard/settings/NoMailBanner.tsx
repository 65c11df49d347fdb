import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * Above every dashboard screen while the server has no SMTP_URL: no mail leaves it, so nobody
 * waits for a sign-up link, a confirmation or a reminder that is only queued.
 */
export function NoMailBanner() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id={headingId} className="font-bold text-gray-900">
        {t("dashboard.mail.bannerTitle")}
      </h2>
      {/* The example SMTP_URL is one long word: on a phone at 200 % text it breaks, not the page. */}
      <p className="break-words text-sm text-gray-800">{t("dashboard.mail.bannerText")}</p>
    </section>
  );
}

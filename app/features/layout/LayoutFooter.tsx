import { useTranslation } from "react-i18next";
import { usePageProfile, useShowPoweredBy } from "../profile/pageProfile";
import { CalendarTypeSelect } from "./CalendarTypeSelect";
import { LanguageSwitcher } from "./LanguageSwitcher";

const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * The language and calendar settings, privacy-policy and imprint links (when the profile
 * enables them) and 'Powered by Slotted'.
 */
export function LayoutFooter() {
  const { t, i18n } = useTranslation();
  const profile = usePageProfile();
  const showPoweredBy = useShowPoweredBy();
  const privacy = profile?.showPrivacyPolicy ? safeUrl(profile.privacyPolicyUrl) : null;
  const imprint = profile?.showImprint ? safeUrl(profile.imprintUrl) : null;
  const home = `/?${new URLSearchParams({ lang: i18n.language, utm_source: "slotted", utm_medium: "powered_by" })}`;

  return (
    <footer className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 px-4 pb-6 text-sm text-[color:var(--layout-text,var(--color-gray-700))]">
      <LanguageSwitcher />
      <CalendarTypeSelect />
      {privacy ? (
        <a href={privacy} target="_blank" rel="noopener noreferrer" className="underline">
          {t("layout.privacyPolicy")}
        </a>
      ) : null}
      {imprint ? (
        <a href={imprint} target="_blank" rel="noopener noreferrer" className="underline">
          {t("layout.imprint")}
        </a>
      ) : null}
      {showPoweredBy ? (
        <a href={home} target="_blank" rel="noopener" className="font-semibold hover:underline">
          {t("layout.poweredBy", { product: t("common.appName") })}
        </a>
      ) : null}
    </footer>
  );
}

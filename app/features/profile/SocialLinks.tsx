import { useTranslation } from "react-i18next";
import type { SocialLinkResponse } from "../../../core/api/pages";

type SocialLink = SocialLinkResponse;

export { socialLinksOf } from "../../../core/pages/socialLinks";

/** Links to a page's social profiles as a row of pills, each named for its network. */
export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label={t("profile.blocks.socials")}>
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex min-h-11 items-center rounded-full border border-gray-300 bg-white px-4 font-semibold text-gray-900 hover:border-brand-600"
          >
            {t(`profile.networks.${link.network}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

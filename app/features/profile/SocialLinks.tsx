import { useTranslation } from "react-i18next";
import type { SocialLinkResponse } from "../../../core/api/pages";
import { SOCIAL_NETWORKS } from "../../../core/pages/blockKinds";

type SocialLink = SocialLinkResponse;

/**
 * A page's social links (`socials`, network to URL) in the networks' usual order; networks
 * the page does not know (an older Profile's) are left out, they have no name to show.
 */
export function socialLinksOf(socials: Readonly<Record<string, string>>): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = socials[network];
    return url ? [{ network, url }] : [];
  });
}

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

import { SOCIAL_NETWORKS } from "./blockKinds";

/** A page's link to one of its social profiles. */
export interface SocialLink {
  network: (typeof SOCIAL_NETWORKS)[number];
  url: string;
}

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

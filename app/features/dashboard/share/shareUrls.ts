export type ShareNetwork = "email" | "facebook" | "x" | "linkedin" | "whatsapp" | "telegram";

/** Each network's own share URL for a link and a line of text (no scripts of theirs load). */
export function shareUrls(url: string, text: string): { network: ShareNetwork; href: string }[] {
  const u = encodeURIComponent(url);
  const tx = encodeURIComponent(text);
  return [
    {
      network: "email",
      href: `mailto:?subject=${tx}&body=${encodeURIComponent(`${text}\n${url}`)}`,
    },
    { network: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: "x", href: `https://twitter.com/intent/tweet?url=${u}&text=${tx}` },
    { network: "linkedin", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: "whatsapp", href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { network: "telegram", href: `https://t.me/share/url?url=${u}&text=${tx}` },
  ];
}

export type ProfileNetwork = "linkedin" | "instagram" | "x" | "facebook" | "youtube" | "tiktok";

/** Where each network lets you put a website link on your profile. */
export const PROFILE_SETTINGS_URLS: Record<ProfileNetwork, string> = {
  linkedin: "https://www.linkedin.com/in/me/edit/contact-info/",
  instagram: "https://www.instagram.com/accounts/edit/",
  x: "https://x.com/settings/profile",
  facebook: "https://www.facebook.com/profile.php?sk=about_contact_and_basic_info",
  youtube: "https://studio.youtube.com/channel/editing/details",
  tiktok: "https://www.tiktok.com/setting",
};

import type { PublicProfileResponse } from "../api/profile";

type PublicProfile = Pick<
  PublicProfileResponse,
  "colorsLocked" | "backgroundColor" | "textColor" | "primaryColor"
>;

/** The page background when nothing sets one (spec §9). */
export const DEFAULT_LAYOUT_BACKGROUND = "#F2F4F7";

export interface LayoutColors {
  background: string;
  text: string | null;
  primary: string | null;
}

const hexColor = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "#abc"/"abc"/"#aabbcc" as "#abc"/"#aabbcc", anything else null (no CSS injection). */
export function normalizeHexColor(value: string | null | undefined): string | null {
  const match = hexColor.exec(value?.trim() ?? "");
  return match ? `#${match[1]}` : null;
}

/**
 * The page colours: the query's background_color, text_color and primary_color (hex,
 * with or without #), else the profile's, else the default background. When an admin
 * locked the colours, the query cannot change them.
 */
export function layoutColors(profile: PublicProfile | null, search: string): LayoutColors {
  const query = new URLSearchParams(search);
  const fromQuery = (name: string) =>
    profile?.colorsLocked ? null : normalizeHexColor(query.get(name));
  return {
    background:
      fromQuery("background_color") ??
      normalizeHexColor(profile?.backgroundColor) ??
      DEFAULT_LAYOUT_BACKGROUND,
    text: fromQuery("text_color") ?? normalizeHexColor(profile?.textColor),
    primary: fromQuery("primary_color") ?? normalizeHexColor(profile?.primaryColor),
  };
}

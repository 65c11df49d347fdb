import type { PublicBlock } from "../../../core/pages/blockKinds";
import { publicApi } from "../../api/publicApi";
import type { PublicProfile } from "../../state/publicProfile";

export interface EventTypeCard {
  kind: string;
  title: string;
  slug: string;
  description: string;
  duration: number;
  durations: number[];
  locationTypes: string[];
  price: { amount: number; currency: string } | null;
  /** The booking page's path. */
  path: string;
}

/** The answer of GET /api/page/{id}. */
export interface ProfilePageData {
  page: {
    kind: "user" | "team";
    name: string;
    slug: string;
    avatarUrl: string | null;
    welcomeMessage: string | null;
    socials: Record<string, string>;
    eventTypes: EventTypeCard[];
    /** The visible blocks in reading order; null when the owner never built a page. */
    blocks: PublicBlock[] | null;
  };
  profile: PublicProfile;
}

export function fetchProfilePage(id: string, signal?: AbortSignal) {
  return publicApi.get<ProfilePageData>(`/page/${encodeURIComponent(id)}`, { signal });
}

/** The profile page query of a user or team: its key beside its fetcher. */
export const profilePageQuery = (id: string) => ({
  key: ["profilePage", id] as const,
  fn: (signal: AbortSignal) => fetchProfilePage(id, signal),
});

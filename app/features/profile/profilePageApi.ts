import type { ProfilePageResponse } from "../../../core/api/profile";
import { publicApi } from "../../api/publicApi";

export function fetchProfilePage(id: string, signal?: AbortSignal) {
  return publicApi.get<ProfilePageResponse>(`/page/${encodeURIComponent(id)}`, { signal });
}

/** The profile page query of a user or team: its key beside its fetcher. */
export const profilePageQuery = (id: string) => ({
  key: ["profilePage", id] as const,
  fn: (signal: AbortSignal) => fetchProfilePage(id, signal),
});

import { useEffect } from "react";
import { type QueryKey, useCachedQuery } from "../../api/publicQuery";
import { readCookie } from "../../lib/readCookie";
import { useAppState } from "../../state/appState";
import { createStore, useStore } from "../../state/createStore";
import { applyProfile, type PublicProfile, type TimeFormat } from "../../state/publicProfile";

// Which cached query carries the profile of the page being shown (spec §4 "Setting the
// profile"): a key, never a copy of the data, so the profile is read where it lives.
const shown = createStore<{ key: QueryKey | null }>({ key: null });

/**
 * Makes the data of `key` (a query answer with a `profile` field) the page's profile once it
 * has loaded; null clears it (the not-found page). Until then the last page's profile stays.
 */
export function useShowProfileOf(key: QueryKey | null, loaded: boolean): void {
  const hash = key === null ? null : JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a key is a new array each render; its hash names it.
  useEffect(() => {
    if (key === null) shown.set({ key: null });
    else if (loaded) shown.set({ key });
  }, [hash, loaded]);
}

/** The profile of the page being shown, read from the query cache; null without one. */
export function usePageProfile(): PublicProfile | null {
  const key = useStore(shown, (state) => state.key);
  const { data } = useCachedQuery<{ profile?: PublicProfile | null }>(key);
  return data?.profile ?? null;
}

/** Whether 'Powered by Slotted' shows: unless the page's profile hides the branding. */
export function useShowPoweredBy(): boolean {
  return usePageProfile()?.hideBranding !== true;
}

/**
 * The time format in use: the invitee's choice (time_format cookie), else the page's
 * profile's, else the default.
 */
export function useTimeFormat(): TimeFormat {
  const profile = usePageProfile();
  const timeFormat = useAppState((state) => state.timeFormat);
  if (!profile) return timeFormat;
  return applyProfile(profile, { timeFormat, timeZone: null }, readCookie("time_format"))
    .timeFormat;
}

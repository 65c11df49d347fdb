/** The five kinds of event type (DESIGN.md, "Event kinds"); zod-free, so any bundle may import it. */
export const EVENT_KINDS = ["ONE_ON_ONE", "GROUP", "COLLECTIVE", "ROUND_ROBIN", "FLEXI"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The kinds that belong to a team and are booked by a shared link. */
export const TEAM_KINDS: ReadonlySet<string> = new Set<EventKind>([
  "COLLECTIVE",
  "ROUND_ROBIN",
  "FLEXI",
]);

/** The first path segment of a team kind's shared link: /C/{token}, /R/{token}, /F/{token}. */
export const SHARED_LINK_PREFIXES = {
  COLLECTIVE: "C",
  ROUND_ROBIN: "R",
  FLEXI: "F",
} as const satisfies Partial<Record<EventKind, string>>;

/**
 * The booking page's path of an event type: /{C|R|F}/{sharedLink} for a team kind with a
 * shared link, else null (the caller knows the owner's /{username}/{slug}).
 */
export function sharedLinkPath(kind: string, sharedLink: string | null): string | null {
  const prefix = Object.hasOwn(SHARED_LINK_PREFIXES, kind)
    ? SHARED_LINK_PREFIXES[kind as keyof typeof SHARED_LINK_PREFIXES]
    : undefined;
  return prefix && sharedLink ? `/${prefix}/${sharedLink}` : null;
}

import type { PathParams } from "./matchPath";

/** Which event type a booking page books, as its route names it. */
export type BookingSource =
  | { kind: "user"; userLink: string; eventTypeLink: string; hostSlug?: string }
  | { kind: "shared"; sharedLink: string; hostSlug?: string }
  | { kind: "singleUse"; singleUseLink: string };

/** The source of a booking route's parameters, or null when they name none. */
export function bookingSourceOf(params: PathParams): BookingSource | null {
  const hostSlug = params.hostSlug ? { hostSlug: params.hostSlug } : {};
  if (params.singleUseLink) return { kind: "singleUse", singleUseLink: params.singleUseLink };
  if (params.sharedLink) return { kind: "shared", sharedLink: params.sharedLink, ...hostSlug };
  if (params.username && params.event) {
    return { kind: "user", userLink: params.username, eventTypeLink: params.event, ...hostSlug };
  }
  return null;
}

const segment = encodeURIComponent;

/** The public read of the event type (spec §7). */
export function eventTypePath(source: BookingSource): string {
  switch (source.kind) {
    case "user": {
      const host = source.hostSlug ? `?${new URLSearchParams({ host_slug: source.hostSlug })}` : "";
      return `/user/${segment(source.userLink)}/${segment(source.eventTypeLink)}${host}`;
    }
    case "shared": {
      const host = source.hostSlug ? `?${new URLSearchParams({ host_slug: source.hostSlug })}` : "";
      return `/shared/${segment(source.sharedLink)}${host}`;
    }
    case "singleUse":
      return `/single-use-link/${segment(source.singleUseLink)}`;
  }
}

/** The timetable call and its reference parameters for a source. */
export function timetableReference(source: BookingSource): {
  path: string;
  params: Record<string, string>;
} {
  const host: Record<string, string> =
    "hostSlug" in source && source.hostSlug ? { host_slug: source.hostSlug } : {};
  switch (source.kind) {
    case "user":
      return {
        path: "/timetable",
        params: { userLink: source.userLink, eventTypeLink: source.eventTypeLink, ...host },
      };
    case "shared":
      return {
        path: "/timetable-by-shared-link",
        params: { sharedLink: source.sharedLink, ...host },
      };
    case "singleUse":
      return { path: "/timetable-by-link", params: { link: source.singleUseLink } };
  }
}

/** The event-type fields of a POST /api/event or /event/verify-email body. */
export function bookingLinkFields(source: BookingSource): Record<string, string> {
  switch (source.kind) {
    case "user":
      return {
        userLink: source.userLink,
        eventTypeLink: source.eventTypeLink,
        ...(source.hostSlug ? { hostSlug: source.hostSlug } : {}),
      };
    case "shared":
      return {
        sharedLink: source.sharedLink,
        ...(source.hostSlug ? { hostSlug: source.hostSlug } : {}),
      };
    case "singleUse":
      return { singleUseLink: source.singleUseLink };
  }
}

/** A stable string for cache keys. */
export function sourceKey(source: BookingSource): string {
  return JSON.stringify(source);
}

/**
 * The id page-analytics pings name a booking page by. A single-use link is a secret that
 * books once, so its page is named by the event type it opens (`owner/slug`), never by it.
 */
export function publicIdOf(
  source: BookingSource,
  eventType?: { slug: string; owner: { slug: string } },
): string {
  if (source.kind === "user") return `${source.userLink}/${source.eventTypeLink}`;
  if (source.kind === "shared") return source.sharedLink;
  return eventType ? `${eventType.owner.slug}/${eventType.slug}` : "single-use-link";
}

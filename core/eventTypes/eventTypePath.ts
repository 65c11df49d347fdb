import { sharedLinkPath } from "./eventKinds";

/**
 * The path of an event type's booking page: its shared link for the kinds that have one,
 * else `/{owner}/{slug}` with the owner's username (or team slug); null when it has neither.
 */
export function eventTypePath(
  type: { kind: string; sharedLink: string | null; slug: string },
  ownerSlug: string | null,
): string | null {
  const shared = sharedLinkPath(type.kind, type.sharedLink);
  if (shared) return shared;
  return ownerSlug ? `/${encodeURIComponent(ownerSlug)}/${encodeURIComponent(type.slug)}` : null;
}

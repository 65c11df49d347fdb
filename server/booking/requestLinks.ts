import { createHmac } from "node:crypto";
import { safeEqual } from "../auth/secrets";

/**
 * The signature of the answer link mailed to one of a request's hosts: an HMAC of the event id
 * and that host's user id under the server's secret, so the link alone lets its holder approve
 * or decline that one request, and the answer is recorded as that host's. Links mailed before
 * hosts were named (no `hostId`) sign the event id alone and are still honoured. A link is
 * single-use by nature: once answered, the request no longer awaits approval.
 */
export function requestSignature(secret: string, eventId: string, hostId?: string): string {
  const signed = hostId === undefined ? eventId : `${eventId}:${hostId}`;
  return createHmac("sha256", secret).update(`booking-request:${signed}`).digest("base64url");
}

/** Whether `signature` is the request's (for `hostId`, if named), compared in constant time. */
export function hasRequestSignature(
  secret: string,
  eventId: string,
  signature: string,
  hostId?: string,
): boolean {
  return safeEqual(signature, requestSignature(secret, eventId, hostId));
}

/** The page host `hostId`'s answer link opens: the request with Approve and Decline. */
export function requestAnswerUrl(
  publicUrl: string,
  secret: string,
  eventId: string,
  hostId: string,
): string {
  const sig = requestSignature(secret, eventId, hostId);
  return `${publicUrl}/event/${eventId}/answer?host=${hostId}&sig=${sig}`;
}

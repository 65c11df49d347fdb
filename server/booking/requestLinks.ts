import { createHmac } from "node:crypto";
import { safeEqual } from "../auth/secrets";

/**
 * The signature of the answer link mailed to a request's hosts: an HMAC of the event id under
 * the server's secret, so the link alone lets its holder approve or decline that one request.
 * It is single-use by nature: once answered, the request no longer awaits approval.
 */
export function requestSignature(secret: string, eventId: string): string {
  return createHmac("sha256", secret).update(`booking-request:${eventId}`).digest("base64url");
}

/** Whether `signature` is the request's, compared in constant time. */
export function hasRequestSignature(secret: string, eventId: string, signature: string): boolean {
  return safeEqual(signature, requestSignature(secret, eventId));
}

/** The page a request's answer link opens: the request with Approve and Decline. */
export function requestAnswerUrl(publicUrl: string, secret: string, eventId: string): string {
  return `${publicUrl}/event/${eventId}/answer?sig=${requestSignature(secret, eventId)}`;
}

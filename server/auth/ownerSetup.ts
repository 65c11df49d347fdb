import { createHmac, timingSafeEqual } from "node:crypto";
import { isIPv4 } from "node:net";

/**
 * The token of the setup link a server prints at start while it has no account: whoever opens
 * it may create the instance's owner account from anywhere. Derived from the server's secret,
 * so every process agrees on it, and void once any account exists.
 */
export function ownerSetupToken(secret: string): string {
  return createHmac("sha256", secret).update("slotted owner setup").digest("base64url");
}

/** Whether `given` is the setup link's token, compared in constant time. */
export function ownerSetupTokenValid(secret: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const expected = Buffer.from(ownerSetupToken(secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether a request comes from this machine itself: a loopback peer that no proxy forwarded
 * (a reverse proxy on the same machine forwards strangers from loopback, with these headers).
 */
export function fromThisMachine(
  address: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (!address) return false;
  if (headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || (isIPv4(v4) && v4.startsWith("127."));
}

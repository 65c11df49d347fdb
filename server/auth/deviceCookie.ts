import { createHmac } from "node:crypto";
import { newSecret, safeEqual } from "./secrets";

/**
 * A browser that has signed in to an account before carries this cookie (OWASP's "device
 * cookie"): its sign-in attempts to that account are counted on their own, so failures from
 * anywhere else cannot lock the owner out. It proves nothing but a past successful sign-in
 * for one address, signed with the session secret; it grants no access by itself.
 */
export const DEVICE_COOKIE = "slotted_device";
export const DEVICE_COOKIE_DAYS = 365;

function signature(deviceId: string, email: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`device:${deviceId}:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/** The cookie's value for a new or known device that has just signed in as `email`. */
export function deviceCookieValue(email: string, secret: string, deviceId = newSecret(16)): string {
  return `${deviceId}.${signature(deviceId, email, secret)}`;
}

/** The device id when `value` is this address's valid device cookie, else null. */
export function verifiedDeviceId(
  value: string | undefined,
  email: string,
  secret: string,
): string | null {
  if (!value) return null;
  const [deviceId, given, extra] = value.split(".");
  if (!deviceId || !given || extra !== undefined) return null;
  return safeEqual(given, signature(deviceId, email, secret)) ? deviceId : null;
}

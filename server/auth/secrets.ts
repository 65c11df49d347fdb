import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A random URL-safe secret of `bytes` bytes. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * What the database keeps of a bearer or session token. A plain SHA-256 suffices: the
 * tokens are 256-bit random, so there is nothing to brute-force.
 */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The CSRF token bound to a session: derivable, so nothing more is stored. */
export function csrfTokenFor(sessionToken: string, secret: string): string {
  return createHmac("sha256", secret).update(`csrf:${sessionToken}`).digest("base64url");
}

/** Constant-time string equality. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

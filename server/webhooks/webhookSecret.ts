import { newSecret } from "../auth/secrets";
import { openSecret, sealSecret } from "../crypto/credentialBox";

/** What every signing secret begins with, and what only an unsealed (older) stored one does. */
const PLAIN_PREFIX = "whsec_";

/** A new signing secret (a webhook subscription's, a workflow's): `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `${PLAIN_PREFIX}${newSecret(32)}`;
}

/**
 * A subscription's signing secret as stored: sealed under ENCRYPTION_KEY with the subscription's
 * id bound in, so a database dump alone cannot forge signatures and a value copied onto another
 * subscription does not open.
 */
export function sealWebhookSecret(key: Buffer, webhookId: string, secret: string): string {
  return sealSecret(key, secret, `webhook:${webhookId}`);
}

/** Whether a stored secret is still the plain text written before secrets were sealed. */
export function isPlainWebhookSecret(stored: string): boolean {
  return stored.startsWith(PLAIN_PREFIX);
}

/**
 * The signing secret of a stored one: opened, or as it is when it predates sealing (main.ts
 * seals those at start; until then they still sign). Throws when the key or id is wrong.
 */
export function openWebhookSecret(key: Buffer, webhookId: string, stored: string): string {
  if (isPlainWebhookSecret(stored)) return stored;
  return openSecret(key, stored, `webhook:${webhookId}`);
}

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Encrypts a credential for storage with AES-256-GCM under `key` (Config.encryptionKey): a fresh
 * 12-byte nonce per value, and `context` (the owner's id) bound in as associated data, so a
 * sealed value copied onto another host's row does not open.
 */
export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext of sealSecret's output; throws when the key, context or value is wrong. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, nonce, tag, body] = sealed.split(".");
  if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) {
    throw new Error("not a sealed secret");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

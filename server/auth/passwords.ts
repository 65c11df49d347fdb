import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import pLimit from "p-limit";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt from Node's own crypto: a memory-hard KDF with no native add-on to build or download.
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

function maxmem(n: number, r: number): number {
  return 256 * n * r;
}

/**
 * scrypt runs on libuv's thread pool (four threads), which file reads, DNS and zlib share: with
 * every thread hashing, static files and bookings would wait behind a flood of sign-ins.
 * Two hashes at a time leave the rest free; a queue longer than HASH_QUEUE_LIMIT is refused
 * rather than letting waiting requests pile up.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 32;
const hashing = pLimit(HASH_CONCURRENCY);

function boundedScrypt(...args: Parameters<typeof scryptAsync>): Promise<Buffer> {
  if (hashing.pendingCount >= HASH_QUEUE_LIMIT) {
    return Promise.reject(
      new DomainError("RATE_LIMITED", message("general.tooManyRequests"), undefined, 1),
    );
  }
  return hashing(() => scryptAsync(...args));
}

/** Hashes waiting for a thread and hashing now: for tests and load checks. */
export function hashingLoad(): { active: number; pending: number } {
  return { active: hashing.activeCount, pending: hashing.pendingCount };
}

/** A self-describing hash: `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await boundedScrypt(password, salt, KEY_LENGTH, {
    ...COST,
    maxmem: maxmem(COST.N, COST.r),
  });
  return [
    "scrypt",
    COST.N,
    COST.r,
    COST.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/** Whether `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await boundedScrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

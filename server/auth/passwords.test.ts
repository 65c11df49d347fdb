import { describe, expect, it } from "vitest";
import {
  HASH_CONCURRENCY,
  HASH_QUEUE_LIMIT,
  hashingLoad,
  hashPassword,
  verifyPassword,
} from "./passwords";

describe("passwords", () => {
  it("hashes with a salt and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("hashes at most HASH_CONCURRENCY at a time and refuses a queue beyond its limit", async () => {
    let mostActive = 0;
    const watch = setInterval(() => {
      mostActive = Math.max(mostActive, hashingLoad().active);
    }, 5);
    const extra = 5;
    const results = await Promise.allSettled(
      Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT + extra }, (_, i) =>
        hashPassword(`password ${i}`),
      ),
    );
    clearInterval(watch);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(extra);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "RATE_LIMITED" });
    }
    expect(mostActive).toBeGreaterThan(0);
    expect(mostActive).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingLoad()).toEqual({ active: 0, pending: 0 });
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { ACCOUNT_FREE_FAILURES, loginThrottleKeys, throttledUntil } from "./loginThrottle";

const at = (iso: string) => new Date(iso);

describe("throttledUntil", () => {
  const [account, ip] = loginThrottleKeys("Ada@Example.com ", "10.0.0.1", null);

  it("charges unknown browsers to the account (lower-cased) and the address, known ones to themselves", () => {
    expect(account?.key).toBe("login:account:ada@example.com");
    expect(ip?.key).toBe("login:ip:10.0.0.1");
    expect(loginThrottleKeys("ada@example.com", "10.0.0.1", "dev1").map((k) => k.key)).toEqual([
      "login:device:dev1",
    ]);
  });

  it("lets the account's first failures through, then doubles the wait from the last failure, up to 15 minutes", () => {
    const last = at("2026-11-23T10:00:00Z");
    const row = (failures: number) => ({
      failures,
      windowStart: at("2026-11-23T09:00:00Z"),
      lastFailureAt: last,
    });
    expect(throttledUntil(account!.rule, row(ACCOUNT_FREE_FAILURES - 1), last)).toBeNull();
    expect(throttledUntil(account!.rule, row(ACCOUNT_FREE_FAILURES), last)).toEqual(
      at("2026-11-23T10:00:01Z"),
    );
    expect(throttledUntil(account!.rule, row(ACCOUNT_FREE_FAILURES + 3), last)).toEqual(
      at("2026-11-23T10:00:08Z"),
    );
    expect(
      throttledUntil(account!.rule, row(ACCOUNT_FREE_FAILURES + 3), at("2026-11-23T10:00:08Z")),
    ).toBeNull();
    expect(throttledUntil(account!.rule, row(100), last)).toEqual(at("2026-11-23T10:15:00Z"));
    // A day after the last failure the account starts afresh.
    expect(throttledUntil(account!.rule, row(100), at("2026-11-24T10:00:00Z"))).toBeNull();
  });

  it("stops the address after ten failures until its window ends", () => {
    const start = at("2026-11-23T10:00:00Z");
    const row = (failures: number) => ({ failures, windowStart: start, lastFailureAt: start });
    expect(throttledUntil(ip!.rule, row(9), start)).toBeNull();
    expect(throttledUntil(ip!.rule, row(10), at("2026-11-23T10:14:00Z"))).toEqual(
      at("2026-11-23T10:15:00Z"),
    );
    expect(throttledUntil(ip!.rule, row(10), at("2026-11-23T10:15:00Z"))).toBeNull();
  });
});

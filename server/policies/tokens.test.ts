import { describe, expect, it } from "vitest";
import {
  assertCanCreateApiToken,
  canCreateApiToken,
  canRevokeApiToken,
  MAX_API_TOKENS,
} from "./tokens";

describe("API token policy", () => {
  it("revokes the caller's own API tokens only, never a session", () => {
    expect(canRevokeApiToken("ada", { userId: "ada", kind: "api" })).toBe(true);
    expect(canRevokeApiToken("bo", { userId: "ada", kind: "api" })).toBe(false);
    expect(canRevokeApiToken("ada", { userId: "ada", kind: "session" })).toBe(false);
  });

  it("holds at most MAX_API_TOKENS", () => {
    const verified = new Date("2026-01-01T00:00:00Z");
    expect(canCreateApiToken({ emailVerifiedAt: verified, held: MAX_API_TOKENS - 1 })).toBe(true);
    expect(canCreateApiToken({ emailVerifiedAt: verified, held: MAX_API_TOKENS })).toBe(false);
    expect(() =>
      assertCanCreateApiToken({ emailVerifiedAt: verified, held: MAX_API_TOKENS }),
    ).toThrow(
      expect.objectContaining({
        code: "CONFLICT",
        detail: { key: "auth.tooManyTokens", params: { count: MAX_API_TOKENS } },
      }),
    );
  });

  it("refuses every token to a host whose address is not verified", () => {
    expect(canCreateApiToken({ emailVerifiedAt: null, held: 0 })).toBe(false);
    expect(() => assertCanCreateApiToken({ emailVerifiedAt: null, held: 0 })).toThrow(
      expect.objectContaining({
        code: "FORBIDDEN",
        detail: { key: "account.verifyEmailFirst", params: {} },
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { assertCanIssueBookingFeed } from "./bookingFeed";

describe("booking feed policy", () => {
  it("gives a feed address only to a host whose email is verified", () => {
    expect(() =>
      assertCanIssueBookingFeed({ emailVerifiedAt: new Date("2026-01-01T00:00:00Z") }),
    ).not.toThrow();
    expect(() => assertCanIssueBookingFeed({ emailVerifiedAt: null })).toThrow(
      expect.objectContaining({
        code: "FORBIDDEN",
        detail: { key: "account.verifyEmailFirst", params: {} },
      }),
    );
  });
});

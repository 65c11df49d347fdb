import { describe, expect, it } from "vitest";
import {
  assertAnswerable,
  assertCanAcceptInvitation,
  assertCanAnswerInDashboard,
  assertCanInvite,
  canAcceptInvitation,
  canAnswerInDashboard,
  isAnswerable,
} from "./teamInvitations";

// The tests run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

const verified = { id: "u1", email: "Ada@Example.com", emailVerifiedAt: NOW };

describe("team invitation policy", () => {
  it("answers in the dashboard only for a verified address that is the invited one, or the invited account", () => {
    expect(canAnswerInDashboard(verified, { email: "ada@example.com", inviteeId: null })).toBe(
      true,
    );
    expect(canAnswerInDashboard(verified, { email: "old@example.com", inviteeId: "u1" })).toBe(
      true,
    );
    expect(canAnswerInDashboard(verified, { email: "bo@example.com", inviteeId: "u2" })).toBe(
      false,
    );
    expect(
      canAnswerInDashboard(
        { ...verified, emailVerifiedAt: null },
        { email: "ada@example.com", inviteeId: "u1" },
      ),
    ).toBe(false);
    expect(() =>
      assertCanAnswerInDashboard(null, { email: "ada@example.com", inviteeId: null }),
    ).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });

  it("accepts for the invited address or account, verified or not (the link proves it)", () => {
    const unverified = { id: "u1", email: "ada@example.com" };
    expect(canAcceptInvitation(unverified, { email: "ADA@example.com", inviteeId: null })).toBe(
      true,
    );
    expect(canAcceptInvitation(unverified, { email: "old@example.com", inviteeId: "u1" })).toBe(
      true,
    );
    expect(() =>
      assertCanAcceptInvitation(unverified, { email: "bo@example.com", inviteeId: "u2" }),
    ).toThrow(
      expect.objectContaining({
        code: "FORBIDDEN",
        detail: { key: "teams.invitationOtherEmail", params: {} },
      }),
    );
  });

  it("is answered once, before it expires", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const open = {
      acceptedAt: null,
      declinedAt: null,
      expiresAt: new Date("2026-11-24T00:00:00Z"),
    };
    expect(isAnswerable(open, now)).toBe(true);
    expect(isAnswerable({ ...open, acceptedAt: now }, now)).toBe(false);
    expect(isAnswerable({ ...open, declinedAt: now }, now)).toBe(false);
    expect(isAnswerable({ ...open, expiresAt: now }, now)).toBe(false);
    expect(() => assertAnswerable(null, now)).toThrow(expect.objectContaining({ code: "GONE" }));
  });
});

describe("assertCanInvite", () => {
  it("refuses an inviter whose address is unverified", () => {
    expect(() => assertCanInvite({ emailVerifiedAt: null })).toThrow(
      expect.objectContaining({ code: "FORBIDDEN" }),
    );
    expect(() => assertCanInvite(verified)).not.toThrow();
  });
});

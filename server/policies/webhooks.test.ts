import { describe, expect, it } from "vitest";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { assertCanTargetWebhook, canManageWebhook } from "./webhooks";

const t = await createTestApp();
const { db } = t.database;

describe("canManageWebhook", () => {
  it("lets a host manage their own and their teams' as admin, nobody else", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const stranger = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const own = { userId: admin.id, teamId: null };
    const teams = { userId: null, teamId: team.id };
    expect(await canManageWebhook(db, admin.id, own)).toBe(true);
    expect(await canManageWebhook(db, stranger.id, own)).toBe(false);
    expect(await canManageWebhook(db, admin.id, teams)).toBe(true);
    expect(await canManageWebhook(db, member.id, teams)).toBe(false);
    expect(await canManageWebhook(db, stranger.id, teams)).toBe(false);
  });
});

describe("assertCanTargetWebhook", () => {
  it("refuses a caller whose address is unverified", () => {
    expect(() => assertCanTargetWebhook({ emailVerifiedAt: null })).toThrow(
      expect.objectContaining({ code: "FORBIDDEN" }),
    );
    expect(() => assertCanTargetWebhook({ emailVerifiedAt: new Date(0) })).not.toThrow();
  });
});

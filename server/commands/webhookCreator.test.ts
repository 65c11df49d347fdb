import { describe, expect, it } from "vitest";
import { webhookCreateSchema } from "../../core/api/webhooks";
import { DomainError } from "../../core/errors";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { webhookCreator } from "./webhookCreator";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");
const input = (fields: Record<string, unknown>) =>
  webhookCreateSchema.parse({ url: "https://hooks.example.com/in", events: ["ping"], ...fields });

describe("webhookCreator", () => {
  it("subscribes the host, or a team they administer, with a fresh secret each", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    const own = await webhookCreator(db, admin.id, input({}), {
      allowPrivate: true,
      encryptionKey: t.deps.config.encryptionKey,
      now,
    });
    expect(own).toMatchObject({
      userId: admin.id,
      teamId: null,
      active: true,
      createdBy: admin.id,
    });
    const teams = await webhookCreator(db, admin.id, input({ teamId: team.id }), {
      allowPrivate: true,
      encryptionKey: t.deps.config.encryptionKey,
      now,
    });
    expect(teams).toMatchObject({ userId: null, teamId: team.id });
    expect(own.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(teams.secret).not.toBe(own.secret);
  });

  it("refuses a team the host does not administer, and a private target without the setting", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    await expect(
      webhookCreator(db, member.id, input({ teamId: team.id }), {
        allowPrivate: true,
        encryptionKey: t.deps.config.encryptionKey,
        now,
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const refused = webhookCreator(db, admin.id, input({ url: "http://192.168.1.10/hook" }), {
      allowPrivate: false,
      encryptionKey: t.deps.config.encryptionKey,
      now,
    });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { url: [{ key: "webhooks.privateAddress" }] },
    });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { roleInTeam } from "../data/teams";
import { profiles } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamCreator } from "./teamCreator";

const t = await createTestApp();
const db = t.database.db;

describe("teamCreator", () => {
  it("creates the team with its profile, its creator as admin", async () => {
    const host = await signUpHost(t);
    const team = await teamCreator(db, host.id, { name: "Sales", slug: "sales-tc" });
    expect(await roleInTeam(db, host.id, team.id)).toBe("admin");
    expect(await db.select().from(profiles).where(eq(profiles.teamId, team.id))).toHaveLength(1);
  });

  it("refuses a taken slug on its field", async () => {
    const host = await signUpHost(t);
    await teamCreator(db, host.id, { name: "One", slug: "taken-tc" });
    await expect(teamCreator(db, host.id, { name: "Two", slug: "taken-tc" })).rejects.toMatchObject(
      { code: "VALIDATION", fields: { slug: [{ key: "teams.linkInUse" }] } },
    );
  });
});

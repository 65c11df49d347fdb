import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PageOwner } from "../data/pageNames";
import { findEditablePageOwner } from "../data/pages";
import { profiles } from "../db/schema";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { pageProfileWriter } from "./pageProfileWriter";

const t = await createTestApp();
const db = t.database.db;

const ownerOf = async (name: string) => (await findEditablePageOwner(db, name)) as PageOwner;

describe("pageProfileWriter", () => {
  it("writes a user's welcome message and socials to their profile, keeping what is not given", async () => {
    const host = await signUpHost(t);
    const owner = await ownerOf(host.username);
    await pageProfileWriter(db, owner, { welcomeMessage: "Hello!" });
    const row = await pageProfileWriter(db, owner, { socials: { github: "octo" } });
    expect(row).toMatchObject({
      userId: host.id,
      welcomeMessage: "Hello!",
      socials: { github: "octo" },
    });
    expect(await db.select().from(profiles).where(eq(profiles.userId, host.id))).toHaveLength(1);
  });

  it("creates a team's profile on its first change and updates that one after", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    const owner = await ownerOf(team.slug);
    const first = await pageProfileWriter(db, owner, { welcomeMessage: "We are a team" });
    const second = await pageProfileWriter(db, owner, { welcomeMessage: null });
    expect(second).toMatchObject({ id: first.id, teamId: team.id, welcomeMessage: null });
    expect(await db.select().from(profiles).where(eq(profiles.teamId, team.id))).toHaveLength(1);
  });
});

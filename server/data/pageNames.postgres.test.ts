import pg from "pg";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { DomainError } from "../../core/errors";
import { accountCreator } from "../commands/accountCreator";
import { meUpdater } from "../commands/meUpdater";
import { teamCreator } from "../commands/teamCreator";
import type { Database } from "../db/database";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { findPageNameOwner } from "./pageNames";

// PostgreSQL only: a claim held open in a transaction on a second connection, which PGlite's
// one connection cannot, makes the check-then-write of each command lose the race for certain.
const t = await createTestApp();
const db = t.database.db;
const now = new Date("2026-05-04T10:00:00Z");
const url = (t.database as Database & { url: string }).url;

let signups = 0;
const signupInput = (username: string) => ({
  email: `racer-${++signups}@example.com`,
  password: "correct horse battery",
  name: "Racer",
  username,
});

/** The claims a command can make on a name, each as a promise of what it answers. */
async function claimants(name: string) {
  const [admin, renamer] = [await signUpHost(t), await signUpHost(t)];
  return {
    "sign-up": () => accountCreator(db, signupInput(name), "http://localhost:3000", now),
    rename: () => meUpdater(db, renamer.id, { username: name }, now),
    "new team": () => teamCreator(db, admin.id, { name: "Racers", slug: name }),
  };
}

const fieldOf = { "sign-up": "username", rename: "username", "new team": "slug" } as const;

async function pageNameRows(name: string) {
  return t.database.query<{ n: number }>(
    "select count(*)::int as n from page_names where name = $1",
    [name],
  );
}

describe("claiming a page name under a race", () => {
  for (const claimant of ["sign-up", "rename", "new team"] as const) {
    it(`answers the ${claimant} that loses to an uncommitted team 422, naming the field`, async () => {
      const name = `held-${claimant.replace(" ", "-")}`;
      const claim = (await claimants(name))[claimant];
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      onTestFinished(() => holder.end());
      await holder.query("begin");
      await holder.query("insert into teams (name, slug) values ('Holder', $1)", [name]);

      // Its check sees no owner (the holder has not committed) and its write waits on the key.
      const answer = claim().then(
        () => null,
        (error: unknown) => error,
      );
      await vi.waitFor(
        async () => {
          const [waiting] = await t.database.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(waiting!.n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      await holder.query("commit");

      const error = await answer;
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("VALIDATION");
      expect(Object.keys((error as DomainError).fields ?? {})).toEqual([fieldOf[claimant]]);
      expect(await pageNameRows(name)).toEqual([{ n: 1 }]);
      const owner = await findPageNameOwner(db, name);
      expect(owner?.kind === "team" && owner.team.name).toBe("Holder");
    });
  }

  it("leaves exactly one winner of claims made at once", async () => {
    const name = "at-once";
    const claims = await claimants(name);
    const results = await Promise.allSettled([
      claims["sign-up"](),
      claims.rename(),
      claims["new team"](),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") {
        expect(result.reason).toBeInstanceOf(DomainError);
        expect((result.reason as DomainError).code).toBe("VALIDATION");
      }
    }
    expect(await pageNameRows(name)).toEqual([{ n: 1 }]);
  });
});

import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrateBefore } from "../test/migrationsBefore";
import { createTestDatabase, testEngine } from "../test/testDatabase";
import { type Database, pgliteExtensions, wrapPglite } from "./database";
import { migrate } from "./migrate";

const BEFORE = "0032_wf";

/** A database with no tables yet, on this project's engine. */
async function emptyDatabase(): Promise<Database> {
  if (testEngine === "pglite") return wrapPglite(new PGlite({ extensions: pgliteExtensions }));
  const database = await createTestDatabase();
  await database.query(
    "drop schema public cascade; drop schema drizzle cascade; create schema public",
  );
  return database;
}

describe(`migration ${BEFORE}`, () => {
  it("turns every event type's reminders and follow-up into the workflows that send them", async () => {
    const database = await emptyDatabase();
    try {
      await migrateBefore(database, BEFORE);
      await database.query(
        `insert into users (id, email, password_hash, name, username) values
           ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x', 'A', 'a')`,
      );
      await database.query(
        `insert into event_types (id, user_id, kind, title, slug, duration, durations, reminders, reminder_text, follow_up) values
           ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'ONE_ON_ONE', 'Both', 'both', 30, '[30]',
            '[{"minutesBefore":1440,"to":"invitee"},{"minutesBefore":60,"to":"invitee_and_host"}]', 'Bring it',
            '{"minutesAfter":120,"text":"Thanks"}'),
           ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'ONE_ON_ONE', 'None', 'none', 30, '[30]',
            '[]', '', null)`,
      );
      await migrate(database);
      const rows = await database.query<{
        slug: string;
        trigger: string;
        offset: number;
        source: string;
        steps: string;
      }>(
        `select et.slug, w.trigger, w.offset_minutes as "offset", w.source,
                string_agg(s.action || ':' || s.note, ',' order by s.position) as steps
           from workflows w join event_types et on et.id = w.event_type_id
           join workflow_steps s on s.workflow_id = w.id
          group by et.slug, w.id order by et.slug, w.trigger desc, w.offset_minutes desc`,
      );
      expect(rows).toEqual([
        {
          slug: "both",
          trigger: "before_start",
          offset: 1440,
          source: "reminders",
          steps: "email_invitee:Bring it,email_guests:Bring it",
        },
        {
          slug: "both",
          trigger: "before_start",
          offset: 60,
          source: "reminders",
          steps: "email_invitee:Bring it,email_guests:Bring it,email_hosts:Bring it",
        },
        {
          slug: "both",
          trigger: "after_end",
          offset: 120,
          source: "reminders",
          steps: "email_invitee:Thanks",
        },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});

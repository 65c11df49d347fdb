import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { microsoftSubscriptions } from "../../db/schema";
import { signUpHost } from "../../test/factories";
import { microsoftTestApp } from "../testing/microsoftTestApp";
import { ensureMicrosoftSubscriptions } from "./microsoftSubscriptions";

// Two processes syncing a new connection at once each make a subscription at Graph for the same
// calendar. One is kept; the other is stopped at Graph, or every change would be posted twice
// until it lapsed (and the pushes told to both processes twice over).

const { ms, t, connectMicrosoft, writeContext } = await microsoftTestApp();

it("keeps one of two subscriptions made at once for a calendar and deletes the other at Graph", async () => {
  const host = await signUpHost(t);
  const connection = await connectMicrosoft(host);
  // The connection as both processes find it: no subscription kept yet.
  await t.database.db
    .delete(microsoftSubscriptions)
    .where(eq(microsoftSubscriptions.connectionId, connection.id));
  const before = ms.subscriptions.length;

  const context = { ...writeContext(), microsoft: t.deps.config.microsoft };
  // Both have read that there is none before Graph answers either.
  ms.holdSubscriptionCreates(2);
  await Promise.all([
    ensureMicrosoftSubscriptions(context, connection),
    ensureMicrosoftSubscriptions(context, connection),
  ]);

  const rows = await t.database.db
    .select({ id: microsoftSubscriptions.id })
    .from(microsoftSubscriptions)
    .where(eq(microsoftSubscriptions.connectionId, connection.id));
  const made = ms.subscriptions.slice(before);
  expect(made).toHaveLength(2);
  expect(rows).toHaveLength(1);
  expect(made.filter((s) => !s.deleted).map((s) => s.id)).toEqual([rows[0]!.id]);
});

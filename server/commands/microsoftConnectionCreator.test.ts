import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startMicrosoftDouble } from "../calendars/testing/microsoftDouble";
import { microsoftSettings } from "../calendars/testing/microsoftTestApp";
import { callbackQuery, oauthCommandContext } from "../calendars/testing/oauthTestApp";
import { calendarConnections, connectedCalendars, oauthStates } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { microsoftAuthorizationStarter } from "./microsoftAuthorizationStarter";
import { microsoftConnectionCreator } from "./microsoftConnectionCreator";

const NOW = new Date("2027-01-04T06:00:00Z");
const double = await startMicrosoftDouble({ clock: () => NOW });
afterAll(() => double.stop());
const t = await createTestApp();
const db = t.database.db;
const base = { ...oauthCommandContext(t, NOW), microsoft: microsoftSettings(double.url) };

describe("microsoftConnectionCreator", () => {
  it("trades the code with the PKCE verifier, names the account by its default calendar's owner, takes the state once", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const query = callbackQuery(double.consent(await microsoftAuthorizationStarter(base, caller)));
    const outcome = await microsoftConnectionCreator(base, caller, query);
    expect(outcome.ok).toBe(true);
    const id = (outcome as { connectionId: string }).connectionId;
    const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
    expect(row).toMatchObject({ provider: "MICROSOFT", username: "host@contoso.example" });
    expect(
      await db.select().from(connectedCalendars).where(eq(connectedCalendars.connectionId, id)),
    ).toEqual([expect.objectContaining({ url: "AAMkCal-default", busy: true, writeTarget: true })]);
    expect(await db.select().from(oauthStates).where(eq(oauthStates.userId, host.id))).toEqual([]);
    expect(await microsoftConnectionCreator(base, caller, query)).toEqual({
      ok: false,
      failure: "EXPIRED",
    });
  });

  it("stores nothing when the token endpoint refuses the code (a code not issued for this verifier)", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const first = callbackQuery(double.consent(await microsoftAuthorizationStarter(base, caller)));
    const second = callbackQuery(double.consent(await microsoftAuthorizationStarter(base, caller)));
    // The second state with the first code: the verifier does not match its challenge.
    const outcome = await microsoftConnectionCreator(base, caller, {
      state: second.state,
      code: first.code,
    });
    expect(outcome).toEqual({ ok: false, failure: "FAILED" });
    expect(
      await db.select().from(calendarConnections).where(eq(calendarConnections.userId, host.id)),
    ).toEqual([]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startGoogleDouble } from "../calendars/testing/googleDouble";
import { googleSettings } from "../calendars/testing/googleTestApp";
import { callbackQuery, oauthCommandContext } from "../calendars/testing/oauthTestApp";
import { calendarConnections, connectedCalendars, oauthStates } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { googleAuthorizationStarter } from "./googleAuthorizationStarter";
import { googleConnectionCreator } from "./googleConnectionCreator";

const NOW = new Date("2027-01-04T06:00:00Z");
const double = await startGoogleDouble({ clock: () => NOW });
afterAll(() => double.stop());
const t = await createTestApp();
const db = t.database.db;
const base = { ...oauthCommandContext(t, NOW), google: googleSettings(double.url) };

describe("googleConnectionCreator", () => {
  it("trades the code with the PKCE verifier, stores the connection and its calendars, takes the state once", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const query = callbackQuery(double.consent(await googleAuthorizationStarter(base, caller)));
    const outcome = await googleConnectionCreator(base, caller, query);
    expect(outcome.ok).toBe(true);
    const id = (outcome as { connectionId: string }).connectionId;
    const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
    expect(row).toMatchObject({
      provider: "GOOGLE",
      username: "host@example.com",
      lastError: null,
    });
    const calendars = await db
      .select()
      .from(connectedCalendars)
      .where(eq(connectedCalendars.connectionId, id));
    expect(calendars).toEqual([
      expect.objectContaining({ url: "host@example.com", busy: true, writeTarget: true }),
    ]);
    expect(await db.select().from(oauthStates).where(eq(oauthStates.userId, host.id))).toEqual([]);
    expect(await googleConnectionCreator(base, caller, query)).toEqual({
      ok: false,
      failure: "EXPIRED",
    });
  });

  it("stores nothing when the code was not issued for this verifier", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const first = callbackQuery(double.consent(await googleAuthorizationStarter(base, caller)));
    const second = callbackQuery(double.consent(await googleAuthorizationStarter(base, caller)));
    // The second attempt's state with the first attempt's code: its verifier does not match.
    expect(
      await googleConnectionCreator(base, caller, { state: second.state, code: first.code }),
    ).toEqual({ ok: false, failure: "FAILED" });
    expect(
      await db.select().from(calendarConnections).where(eq(calendarConnections.userId, host.id)),
    ).toEqual([]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { callbackQuery, oauthCommandContext } from "../calendars/testing/oauthTestApp";
import { startZoomDouble, ZOOM_USER_ID } from "../calendars/testing/zoomDouble";
import { zoomSettings } from "../calendars/testing/zoomTestApp";
import { calendarConnections, connectedCalendars, oauthStates } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { zoomAuthorizationStarter } from "./zoomAuthorizationStarter";
import { zoomConnectionCreator } from "./zoomConnectionCreator";

const NOW = new Date("2027-01-04T06:00:00Z");
const double = await startZoomDouble({ clock: () => NOW });
afterAll(() => double.stop());
const t = await createTestApp();
const db = t.database.db;
const base = { ...oauthCommandContext(t, NOW), zoom: zoomSettings(double.url) };

describe("zoomConnectionCreator", () => {
  it("trades the code with the PKCE verifier (app credentials as Basic), stores a ZOOM connection without calendars, takes the state once", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const query = callbackQuery(double.consent(await zoomAuthorizationStarter(base, caller)));
    const outcome = await zoomConnectionCreator(base, caller, query);
    expect(outcome.ok).toBe(true);
    const id = (outcome as { connectionId: string }).connectionId;
    const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
    expect(row).toMatchObject({ provider: "ZOOM", username: ZOOM_USER_ID, lastError: null });
    expect(row!.lastSyncedAt).toEqual(NOW);
    expect(
      await db.select().from(connectedCalendars).where(eq(connectedCalendars.connectionId, id)),
    ).toEqual([]);
    expect(await db.select().from(oauthStates).where(eq(oauthStates.userId, host.id))).toEqual([]);
    expect(await zoomConnectionCreator(base, caller, query)).toEqual({
      ok: false,
      failure: "EXPIRED",
    });
  });

  it("says DENIED when the host declined, FAILED for a code not issued for this verifier", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const declined = callbackQuery(
      double.consent(await zoomAuthorizationStarter(base, caller), false),
    );
    expect(await zoomConnectionCreator(base, caller, declined)).toEqual({
      ok: false,
      failure: "DENIED",
    });
    const first = callbackQuery(double.consent(await zoomAuthorizationStarter(base, caller)));
    const second = callbackQuery(double.consent(await zoomAuthorizationStarter(base, caller)));
    expect(
      await zoomConnectionCreator(base, caller, { state: second.state, code: first.code }),
    ).toEqual({ ok: false, failure: "FAILED" });
    expect(
      await db.select().from(calendarConnections).where(eq(calendarConnections.userId, host.id)),
    ).toEqual([]);
  });

  it("says EXPIRED for another session's state or when Zoom is not set up", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const query = callbackQuery(double.consent(await zoomAuthorizationStarter(base, caller)));
    expect(await zoomConnectionCreator({ ...base, zoom: null }, caller, query)).toEqual({
      ok: false,
      failure: "EXPIRED",
    });
    const other = await signUpHost(t);
    expect(await zoomConnectionCreator(base, await sessionCallerOf(t, other), query)).toEqual({
      ok: false,
      failure: "EXPIRED",
    });
  });
});

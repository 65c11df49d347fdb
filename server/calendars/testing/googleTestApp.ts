import { afterAll } from "vitest";
import { BOOKING_NOW } from "../../test/bookingFactories";
import type { Host } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";
import type { CalendarWriteContext } from "../calendarEventWriter";
import { CLIENT_ID, CLIENT_SECRET, type DoubleCalendar, startGoogleDouble } from "./googleDouble";
import { connectOAuthAccount, syncNow } from "./oauthTestApp";

/**
 * A test app set up for Google (GOOGLE_OAUTH_URL / GOOGLE_API_URL on a loopback double), with
 * the steps the Google tests share: connect a host through the consent page, sync, write.
 * The double and the app share the test's clock (`setNow`).
 */
export async function googleTestApp(calendars?: DoubleCalendar[]) {
  let now = BOOKING_NOW;
  const google = await startGoogleDouble({
    clock: () => now,
    calendars: calendars ?? [
      {
        id: "ada@example.com",
        summary: "Ada",
        timeZone: "Europe/Berlin",
        accessRole: "owner",
        primary: true,
      },
    ],
  });
  afterAll(() => google.stop());
  const t: TestApp = await createTestApp({
    google: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      oauthUrl: google.url,
      apiUrl: google.url,
    },
  });
  const setNow = (date: Date) => {
    now = date;
    t.setNow(date);
  };
  setNow(BOOKING_NOW);

  const connectGoogle = (host: Host) =>
    connectOAuthAccount(t, host, "google", (url) => google.consent(url));
  const sync = (host: Host, id: string) => syncNow(t, host, id);

  const writeContext = (): CalendarWriteContext => ({
    db: t.database.db,
    encryptionKey: t.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: t.deps.config.publicUrl,
    clock: t.deps.clock,
    google: t.deps.config.google,
    googleRetryDelaysMs: [0, 0, 0],
  });

  return { google, t, setNow, now: () => now, connectGoogle, sync, writeContext };
}

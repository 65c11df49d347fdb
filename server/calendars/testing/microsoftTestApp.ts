import { afterAll } from "vitest";
import { BOOKING_NOW } from "../../test/bookingFactories";
import type { Host } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";
import type { CalendarWriteContext } from "../calendarEventWriter";
import {
  MS_CLIENT_ID,
  MS_CLIENT_SECRET,
  type MsDoubleCalendar,
  startMicrosoftDouble,
} from "./microsoftDouble";
import { connectOAuthAccount, syncNow } from "./oauthTestApp";

/**
 * A test app set up for Microsoft (MICROSOFT_LOGIN_URL / MICROSOFT_GRAPH_URL on a loopback
 * double), with the steps the Microsoft tests share: connect a host through the sign-in page,
 * sync, write. The double reaches the app's notification URL by injection (the app listens on
 * no port); the double and the app share the test's clock (`setNow`).
 */
export async function microsoftTestApp(calendars?: MsDoubleCalendar[]) {
  let now = BOOKING_NOW;
  let t: TestApp | undefined;
  const ms = await startMicrosoftDouble({
    clock: () => now,
    calendars: calendars ?? [
      {
        id: "AAMkCal-ada",
        name: "Calendar",
        canEdit: true,
        isDefaultCalendar: true,
        owner: { name: "Ada", address: "ada@contoso.example" },
      },
    ],
    async deliver(url, init) {
      const { pathname, search } = new URL(url);
      const answer = await t!.request({
        method: init.method as "POST",
        url: pathname + search,
        headers: init.headers,
        payload: init.body,
      });
      return {
        status: answer.statusCode,
        contentType: String(answer.headers["content-type"] ?? ""),
        text: answer.body,
      };
    },
  });
  afterAll(() => ms.stop());
  t = await createTestApp({
    microsoft: {
      clientId: MS_CLIENT_ID,
      clientSecret: MS_CLIENT_SECRET,
      tenant: "common",
      loginUrl: ms.url,
      graphUrl: ms.url,
    },
  });
  const app = t;
  const setNow = (date: Date) => {
    now = date;
    app.setNow(date);
  };
  setNow(BOOKING_NOW);

  const connectMicrosoft = (host: Host) =>
    connectOAuthAccount(app, host, "microsoft", (url) => ms.consent(url));
  const sync = (host: Host, id: string) => syncNow(app, host, id);
  const writeContext = (): CalendarWriteContext => ({
    db: app.database.db,
    encryptionKey: app.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: app.deps.config.publicUrl,
    clock: app.deps.clock,
    microsoft: app.deps.config.microsoft,
    microsoftRetryDelaysMs: [0, 0, 0],
  });

  return { ms, t: app, setNow, now: () => now, connectMicrosoft, sync, writeContext };
}

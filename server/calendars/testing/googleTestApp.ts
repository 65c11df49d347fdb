import type { Host } from "../../test/factories";
import { CLIENT_ID, CLIENT_SECRET, type DoubleCalendar, startGoogleDouble } from "./googleDouble";
import { connectOAuthAccount, syncNow } from "./oauthTestApp";
import { providerTestApp } from "./providerTestApp";

/** The installation's Google app as the double at `url` knows it. */
export function googleSettings(url: string) {
  return { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, oauthUrl: url, apiUrl: url };
}

/**
 * A test app set up for Google (GOOGLE_OAUTH_URL / GOOGLE_API_URL on a loopback double), with
 * the steps the Google tests share: connect a host through the consent page, sync, write.
 * The double and the app share the test's clock (`setNow`).
 */
export async function googleTestApp(calendars?: DoubleCalendar[]) {
  const { double: google, ...app } = await providerTestApp(
    (clock) =>
      startGoogleDouble({
        clock,
        calendars: calendars ?? [
          {
            id: "ada@example.com",
            summary: "Ada",
            timeZone: "Europe/Berlin",
            accessRole: "owner",
            primary: true,
          },
        ],
      }),
    (double) => ({ google: googleSettings(double.url) }),
  );
  const { t } = app;
  const connectGoogle = (host: Host) =>
    connectOAuthAccount(t, host, "google", (url) => google.consent(url));
  const sync = (host: Host, id: string) => syncNow(t, host, id);
  return { google, ...app, connectGoogle, sync };
}

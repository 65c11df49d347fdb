import type { Host } from "../../test/factories";
import {
  MS_CLIENT_ID,
  MS_CLIENT_SECRET,
  type MsDoubleCalendar,
  startMicrosoftDouble,
} from "./microsoftDouble";
import { connectOAuthAccount, syncNow } from "./oauthTestApp";
import { providerTestApp } from "./providerTestApp";

/** The installation's Microsoft app (any tenant) as the double at `url` knows it. */
export function microsoftSettings(url: string) {
  return {
    clientId: MS_CLIENT_ID,
    clientSecret: MS_CLIENT_SECRET,
    tenant: "common",
    loginUrl: url,
    graphUrl: url,
  };
}

/**
 * A test app set up for Microsoft (MICROSOFT_LOGIN_URL / MICROSOFT_GRAPH_URL on a loopback
 * double), with the steps the Microsoft tests share: connect a host through the sign-in page,
 * sync, write. The double reaches the app's notification URL by injection (the app listens on
 * no port); the double and the app share the test's clock (`setNow`).
 */
export async function microsoftTestApp(calendars?: MsDoubleCalendar[]) {
  const { double: ms, ...app } = await providerTestApp(
    (clock, testApp) =>
      startMicrosoftDouble({
        clock,
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
          const answer = await testApp().request({
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
      }),
    (double) => ({ microsoft: microsoftSettings(double.url) }),
  );
  const { t } = app;
  const connectMicrosoft = (host: Host) =>
    connectOAuthAccount(t, host, "microsoft", (url) => ms.consent(url));
  const sync = (host: Host, id: string) => syncNow(t, host, id);
  /** The request with which Graph checks a subscription's URL `path` before it uses it. */
  const validationRequest = (path: string, token: string) =>
    t.request({
      method: "POST",
      url: `${path}?validationToken=${encodeURIComponent(token)}`,
      headers: { "content-type": "text/plain; charset=utf-8" },
      payload: "",
    });
  return { ms, ...app, connectMicrosoft, sync, validationRequest };
}

import { describe, expect, it } from "vitest";
import {
  MS_CLIENT_ID,
  MS_CLIENT_SECRET,
  startMicrosoftDouble,
} from "../server/calendars/testing/microsoftDouble";
import { expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow } from "./support/clock";
import { startProviderServer } from "./support/providerServer";

// A server of its own with a Microsoft app set up, whose identity platform and Graph are the
// loopback double: its sign-in page is an ordinary page the browser is sent to and comes back
// from, and it validates the server's notification URL (PUBLIC_URL) when the connection's
// subscription is made.
const start = await serverNow();
const ms = await startMicrosoftDouble({
  clock: () => start,
  calendars: [
    {
      id: "AAMkCal-kay",
      name: "Calendar",
      canEdit: true,
      isDefaultCalendar: true,
      owner: { name: "Kay", address: "kay@contoso.example" },
    },
  ],
});
const server = await startProviderServer("microsoft", start, ms, {
  MICROSOFT_CLIENT_ID: MS_CLIENT_ID,
  MICROSOFT_CLIENT_SECRET: MS_CLIENT_SECRET,
  MICROSOFT_LOGIN_URL: ms.url,
  MICROSOFT_GRAPH_URL: ms.url,
});

describe("connecting Microsoft 365 / Outlook", () => {
  it("a host connects their Microsoft account through the sign-in page by keyboard alone", {
    timeout: 150_000,
  }, async () => {
    // Microsoft's consent page (the double's): accepted by keyboard too.
    const page = await server.connectByKeyboard("Kay Host", "Connect Microsoft 365 / Outlook", {
      heading: "Permissions requested",
      button: "Accept",
    });

    const card = page.getByRole("region", { name: /kay@contoso\.example|Microsoft/ });
    await card.getByText("Synced without problems.").waitFor();
    await expect.poll(() => card.getByLabel("Add new bookings to").inputValue()).not.toBe("");
    await expectNoSeriousAxeViolations(page);
    expect(new URL(page.url()).searchParams.get("oauth")).toBeNull();
    // The connection's push: Graph validated the server's notification and lifecycle URLs and
    // subscribed.
    // (The connect's sync and the worker's may both have asked at once.)
    expect(new Set(ms.validations)).toEqual(
      new Set([
        `${server.baseURL}/api/calendar-connections/microsoft/notifications`,
        `${server.baseURL}/api/calendar-connections/microsoft/lifecycle`,
      ]),
    );
    expect(ms.subscriptions.filter((s) => !s.deleted).length).toBeGreaterThan(0);
  });
});

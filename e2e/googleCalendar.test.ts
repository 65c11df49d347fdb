import { describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startGoogleDouble,
} from "../server/calendars/testing/googleDouble";
import { expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow } from "./support/clock";
import { startProviderServer } from "./support/providerServer";

// A server of its own with a Google app set up, whose OAuth and Calendar API are the loopback
// double: its consent page is an ordinary page the browser is sent to and comes back from.
const start = await serverNow();
const google = await startGoogleDouble({
  clock: () => start,
  calendars: [
    {
      id: "kay@example.com",
      summary: "Kay's calendar",
      timeZone: "Europe/Berlin",
      accessRole: "owner",
      primary: true,
    },
  ],
});
const server = await startProviderServer("google", start, google, {
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  GOOGLE_OAUTH_URL: google.url,
  GOOGLE_API_URL: google.url,
});

describe("connecting Google Calendar", () => {
  it("a host connects their Google account through the consent page by keyboard alone", {
    timeout: 150_000,
  }, async () => {
    // Google's consent page (the double's): allowed by keyboard too.
    const page = await server.connectByKeyboard("Kay Host", "Connect Google Calendar", {
      heading: /wants to access your Google Account/,
      button: "Allow",
    });

    const card = page.getByRole("region", { name: /kay@example\.com|Google/ });
    await card.getByText("Synced without problems.").waitFor();
    await expect.poll(() => card.getByLabel("Add new bookings to").inputValue()).not.toBe("");
    await expectNoSeriousAxeViolations(page);
    expect(new URL(page.url()).searchParams.get("oauth")).toBeNull();
  });
});

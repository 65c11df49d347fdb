import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../server/test/freePort";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";

// A server published as localhost (PUBLIC_URL) and opened at 127.0.0.1, as after `npm start`
// with the address the start log prints typed differently: every link it shows, copies or
// mails names PUBLIC_URL, and the embed preview still runs.
const port = await freePort();
const published = `http://localhost:${port}`;
const server = await startBuiltServer(
  { PUBLIC_URL: published, TEST_CLOCK_START: (await serverNow()).toISOString() },
  { port },
);
afterAll(() => server.stop());
const session = await browserSession();

describe("a dashboard opened at another address than PUBLIC_URL", () => {
  it("shows, copies and mails links under PUBLIC_URL, and previews the embed code", async () => {
    expect(server.baseUrl).toBe(`http://127.0.0.1:${port}`);
    const { page } = await session.newPage({ baseURL: server.baseUrl, locale: "en-US" });
    const host = newHost("Pia");

    const home = new HomePage(page);
    await home.open();
    await page.getByRole("tab", { name: "Sign up" }).click();
    await home.panel().getByLabel("Username").fill(host.username);
    await home.panel().getByText(`${published}/${host.username}`).waitFor();

    const dashboard = new DashboardPage(page);
    await dashboard.signUp(host);
    const mailbox = (await (await page.request.get("/dev/mailbox.json")).json()) as {
      mails: { to: string; text: string | null }[];
    };
    const verification = mailbox.mails.find((mail) => mail.to === host.email);
    expect(verification?.text).toContain(`${published}/dashboard/verify-email?token=`);

    const pageUrl = `${published}/${host.username}`;
    await page
      .getByRole("link", { name: `${pageUrl} (opens in a new tab)` })
      .first()
      .waitFor();

    await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Coffee chat",
      slug: "coffee",
      duration: 30,
    });
    await dashboard.go("Event types");
    await page.getByRole("button", { name: "Share Coffee chat" }).click();
    await dashboard
      .dialog("Share Coffee chat")
      .getByRole("button", { name: "Embed on a website" })
      .click();
    const embed = dashboard.dialog("Embed on your website");
    const code = await embed.getByLabel("Embed code").inputValue();
    expect(code).toContain(`data-url="${pageUrl}/coffee"`);
    expect(code).toContain(`<script src="${published}/embed.js" async></script>`);
    expect(code).not.toContain("127.0.0.1");
    // The preview loads embed.js and frames the booking page from PUBLIC_URL: the page's CSP
    // lets both through, so the booking page itself shows inside.
    const booking = embed.frameLocator("iframe").frameLocator("iframe");
    await booking.getByRole("heading", { name: "Coffee chat" }).first().waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});

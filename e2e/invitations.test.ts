import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";
import { seeder } from "./support/seed";

// A server of its own where only invited people sign up, with its owner (owner@example.com).
const server = await startBuiltServer({
  SIGNUP: "invite",
  TEST_CLOCK_START: (await serverNow()).toISOString(),
});
afterAll(() => server.stop());
const session = await browserSession();
const seed = seeder(server.baseUrl);
const password = "correct horse battery";

/** The newest link to `pattern` mailed to `email`, as a path with its query. */
async function mailedPath(email: string, pattern: RegExp): Promise<string> {
  for (const mail of await seed.mailbox()) {
    if (mail.to?.toLowerCase() !== email.toLowerCase()) continue;
    const found = pattern.exec(mail.text ?? "")?.[0];
    if (found) return new URL(found).pathname + new URL(found).search;
  }
  throw new Error(`no link mailed to ${email}`);
}

describe("invitations on a server where sign-up is by invitation", () => {
  it("the owner invites a host from the dashboard; the mailed link signs them up with that address", async () => {
    const { page } = await session.newPage({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    await new HomePage(page).open();
    await new HomePage(page).signIn("owner@example.com", password);
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    await page.goto("/dashboard/settings");
    const panel = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Invite hosts" }) });
    await panel.getByLabel("Email address", { exact: true }).fill("newhost@example.com");
    await panel.getByRole("button", { name: "Send invitation" }).click();
    // This server has no SMTP_URL (its mail goes to the development mailbox), and says so.
    await panel
      .getByText("Invitation made for newhost@example.com: no mail is sent from this server.")
      .waitFor();
    await panel.getByText("newhost@example.com", { exact: true }).waitFor();
    await panel
      .getByRole("button", { name: "Take back the invitation to newhost@example.com" })
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: join(tmpdir(), "host-invitations-en-1280.png"), fullPage: true });

    const link = await mailedPath("newhost@example.com", /https?:\/\/\S+\/\?invitation=\S+/);
    // Without the invitation the form says sign-up is by invitation, and refuses.
    const { page: invited } = await session.newPage({
      baseURL: server.baseUrl,
      viewport: { width: 375, height: 800 },
    });
    await invited.goto(link);
    await invited
      .getByText(
        "You were invited to host on this server: create your account with newhost@example.com.",
      )
      .waitFor();
    const form = new HomePage(invited).panel();
    const email = form.getByLabel("Email");
    expect(await email.inputValue()).toBe("newhost@example.com");
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await form.getByLabel("Name", { exact: true }).fill("Nia Newhost");
    await form.getByLabel("Username").fill("nia");
    await form.getByLabel("Password").fill(password);
    await invited.getByRole("button", { name: "Create account" }).click();
    await invited.waitForURL((url) => url.pathname === "/dashboard");
    await invited.getByRole("heading", { level: 1 }).waitFor();
    // The mailed link proved the address: nothing asks to verify it, the page is public.
    expect(
      await invited
        .getByRole("heading", { name: "Verify your email to publish your booking pages" })
        .count(),
    ).toBe(0);
    expect((await invited.request.get("/api/page/nia")).status()).toBe(200);

    // The owner's list no longer waits for them.
    await page.reload();
    await panel.getByText("Nobody invited is waiting to sign up.").waitFor();
  });

  it("someone without an account signs up from a team invitation and lands back on it", async () => {
    // The owner's team (nobody else may sign up here to make one).
    const { page: ownerPage } = await session.newPage({ baseURL: server.baseUrl });
    await new HomePage(ownerPage).open();
    await new HomePage(ownerPage).signIn("owner@example.com", password);
    await ownerPage.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    const owner = new DashboardPage(ownerPage);
    const team = await owner.api("POST", "/api/teams", { name: "Outreach", slug: "outreach" });
    await owner.api("POST", `/api/teams/${team.id}/members`, { email: "joiner@example.com" });
    const link = await mailedPath(
      "joiner@example.com",
      /https?:\/\/\S+\/dashboard\/invitation\?token=\S+/,
    );

    const { page } = await session.newPage({
      baseURL: server.baseUrl,
      viewport: { width: 375, height: 800 },
    });
    await page.goto(link);
    await page
      .getByText(
        "To accept, sign in or create an account with joiner@example.com: you come back here afterwards.",
      )
      .waitFor();
    await page.getByRole("link", { name: "Sign in or sign up" }).click();
    await page
      .getByText(
        "Create your account with joiner@example.com to join the team Outreach: the invitation waits for you in your dashboard.",
      )
      .waitFor();
    const form = new HomePage(page).panel();
    expect(await form.getByLabel("Email").inputValue()).toBe("joiner@example.com");
    await form.getByLabel("Name", { exact: true }).fill("Jo Joiner");
    await form.getByLabel("Username").fill("jo-joiner");
    await form.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    // Back on the invitation, signed in: it can be accepted now.
    await page.waitForURL((url) => url.pathname === "/dashboard/invitation");
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard/teams"));
    await new DashboardPage(page).heading(/Outreach/).waitFor();
  });

  it("shows the invited sign-up in Arabic and Persian, right to left", async () => {
    const { page: owner } = await session.newPage({ baseURL: server.baseUrl });
    await new HomePage(owner).open();
    await new HomePage(owner).signIn("owner@example.com", password);
    await owner.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    const ownerDashboard = new DashboardPage(owner);
    for (const [language, width] of [
      ["ar", 375],
      ["fa", 375],
      ["ar", 1280],
      ["fa", 1280],
    ] as const) {
      const address = `rtl-${language}-${width}@example.com`;
      const { url } = (await ownerDashboard.api("POST", "/api/host-invitations", {
        email: address,
      })) as { url: string };
      const { page, context } = await session.newPage({
        baseURL: server.baseUrl,
        locale: language,
        viewport: { width, height: 800 },
      });
      await context.addCookies([{ name: "language", value: language, url: server.baseUrl }]);
      await page.goto(new URL(url).pathname + new URL(url).search);
      await page.getByText(address).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: join(tmpdir(), `host-invitation-signup-${language}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  });
});

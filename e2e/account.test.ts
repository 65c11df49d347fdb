import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

const BANNER = "Verify your email to publish your booking pages";

describe("account email", () => {
  it("keeps a new host's pages unpublished until the link from the verification mail is followed", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const host = newHost("Vera");
    await dashboard.signUp(host, { verify: false });
    const banner = page.getByRole("region", { name: BANNER });
    await banner.getByText(host.email).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect((await page.request.get(`/api/page/${host.username}`)).status()).toBe(404);

    await banner.getByRole("button", { name: "Send the link again" }).click();
    await dashboard.toast("A new link is on its way.");

    await page.goto(
      `/dashboard/verify-email?token=${encodeURIComponent(await dashboard.mailedToken(host.email, "verify-email"))}`,
    );
    await page.getByRole("button", { name: "Verify email address" }).click();
    await page.getByText("Your email address is verified.", { exact: false }).waitFor();
    // The button is gone: focus is on the answer that took its place, not on the page body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await dashboard.heading(`Welcome, ${host.name}`).waitFor();
    expect(await banner.count()).toBe(0);
    expect((await page.request.get(`/api/page/${host.username}`)).status()).toBe(200);
  });

  it("changes the address with the current password and the link mailed to the new one", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const host = newHost("Milo");
    await dashboard.signUp(host);
    await dashboard.go("Settings");
    const card = page.locator("section", {
      has: page.getByRole("heading", { name: "Email address", exact: true }),
    });
    await card.getByText(host.email).waitFor();
    const moved = `moved-${host.email}`;
    await card.getByLabel("New email address").fill(moved);
    await card.getByLabel("Current password").fill("not the password");
    await card.getByRole("button", { name: "Change email address" }).click();
    await card.getByText("Wrong password.").waitFor();

    await card.getByLabel("Current password").fill(host.password);
    await card.getByRole("button", { name: "Change email address" }).click();
    await card.getByRole("status").getByText(moved, { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);

    const token = await dashboard.mailedToken(moved, "confirm-email");
    await page.goto(`/dashboard/confirm-email?token=${encodeURIComponent(token)}`);
    await page.getByRole("button", { name: "Confirm new address" }).click();
    await page.getByText("Your email address is now", { exact: false }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await dashboard.go("Settings");
    await card.getByText(moved).waitFor();

    // The same link works once.
    await page.goto(`/dashboard/confirm-email?token=${encodeURIComponent(token)}`);
    await page.getByRole("button", { name: "Confirm new address" }).click();
    await page.getByRole("alert").getByText("This link is invalid", { exact: false }).waitFor();
  });
});

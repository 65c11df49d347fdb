import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());

/** The focused element's label text and whether it is marked invalid. */
function focusedField(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return {
      label: element?.labels?.[0]?.textContent?.trim() ?? "",
      invalid: element?.getAttribute("aria-invalid") === "true",
    };
  });
}

/** Whether `button` lies wholly inside the visible area of `dialog`. */
async function insideDialog(dialog: Locator, button: Locator) {
  return dialog.evaluate(
    (box, target) => {
      const outer = box.getBoundingClientRect();
      const inner = (target as HTMLElement).getBoundingClientRect();
      const visibleBottom = Math.min(outer.bottom, window.innerHeight);
      return inner.top >= outer.top && inner.bottom <= visibleBottom;
    },
    await button.elementHandle(),
  );
}

/** Sends the open dialog's form by keyboard and checks what the public forms do on errors. */
async function expectErrorsAnnounced(
  dashboard: DashboardPage,
  title: string,
  submit: string,
  firstField: string,
) {
  const { page } = dashboard;
  const dialog = dashboard.dialog(title);
  const button = dialog.getByRole("button", { name: submit });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(async () => (await dialog.getByRole("alert").allTextContents()).join(""))
    .toBe("Please correct the marked fields.");
  await expect.poll(() => focusedField(page)).toEqual({ label: firstField, invalid: true });
  expect(await insideDialog(dialog, button)).toBe(true);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

describe("errors in the dashboard's dialogs", () => {
  it("focus the first invalid field, announce it, and keep the dialog's button in sight", async () => {
    const host = await seed.signUpHost({ name: "Erin Errors" });
    const team = await seed.createTeam(host);
    // A short phone screen: the messages make each form taller than the dialog can show.
    const { page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
      viewport: { width: 375, height: 560 },
    });
    const home = new HomePage(page);
    await home.open();
    await home.signIn(host.email, "correct horse battery");
    await page.waitForURL("**/dashboard");
    const dashboard = new DashboardPage(page);

    await dashboard.go("Webhooks");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expectErrorsAnnounced(dashboard, "Add a webhook", "Add webhook", "URL");

    await dashboard.go("Calendars");
    await page.getByRole("button", { name: "Connect CalDAV calendar" }).click();
    await expectErrorsAnnounced(dashboard, "Connect CalDAV calendar", "Connect", "Server address");
    await page.getByRole("button", { name: "Add ICS feed" }).click();
    await expectErrorsAnnounced(dashboard, "Add ICS feed", "Connect", "Feed address");

    await dashboard.go("Teams");
    await page.getByRole("button", { name: "New team" }).click();
    await expectErrorsAnnounced(dashboard, "New team", "Create team", "Team name");

    // The team's invite field, outside any dialog: the same mechanism.
    await page.goto(`/dashboard/teams/${team.id}`);
    await page.getByLabel("Email address").fill("not an address");
    await page.getByRole("button", { name: "Send invitation" }).focus();
    await page.keyboard.press("Enter");
    const invite = page.locator("form", { has: page.getByLabel("Email address") });
    await expect
      .poll(async () => (await invite.getByRole("alert").allTextContents()).join(""))
      .toBe("Please correct the marked fields.");
    await expect.poll(() => focusedField(page)).toEqual({ label: "Email address", invalid: true });
  });
});

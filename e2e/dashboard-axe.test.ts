import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

describe("dashboard accessibility", () => {
  it("passes axe on every dashboard screen, wide and at 375 px", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const host = newHost("Axel");
    await dashboard.signUp(host);
    const team = await dashboard.api("POST", "/api/teams", {
      name: "Axe Team",
      slug: `axe-${Date.now().toString(36)}`,
    });
    const me = await dashboard.api("GET", "/api/me");
    const type = await dashboard.api("POST", "/api/event-types", {
      kind: "GROUP",
      title: "Workshop",
      slug: "workshop",
      duration: 60,
      seats: 8,
      locations: [{ type: "IN_PERSON", options: { address: "Main St 1" } }],
      questions: [
        { id: "q1", type: "SINGLE_CHOICE", label: "Level", required: true, options: ["A", "B"] },
      ],
      price: { amount: 2500, currency: "EUR" },
    });
    const [schedule] = (await dashboard.api("GET", "/api/schedules")).schedules;
    const screens = [
      ["/dashboard", `Welcome, ${host.name}`],
      ["/dashboard/event-types", "Event types"],
      ["/dashboard/event-types/new?kind=ONE_ON_ONE", "New One-on-one event type"],
      [`/dashboard/event-types/new?kind=FLEXI&teamId=${team.id}`, "New Flexi event type"],
      [`/dashboard/event-types/${type.id}`, "Workshop"],
      ["/dashboard/availability", "Availability"],
      [`/dashboard/availability/${schedule.id}`, schedule.name],
      ["/dashboard/bookings", "Bookings"],
      ["/dashboard/teams", "Teams"],
      [`/dashboard/teams/${team.id}`, "Axe Team"],
      ["/dashboard/settings", "Settings"],
      ["/dashboard/settings/password", "Change password"],
      ["/dashboard/no-such-screen", "Page not found"],
    ] as const;
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of screens) {
        await page.goto(path);
        await dashboard.heading(heading).waitFor();
        await page.waitForLoadState("networkidle");
        await expectNoSeriousAxeViolations(page);
      }
    }
    expect(me.user.id).toBeTruthy();

    await page.goto("/dashboard/event-types");
    await page.getByRole("button", { name: "New event type" }).click();
    await dashboard.dialog("New event type").waitFor();
    await expectNoSeriousAxeViolations(page);
  }, 240_000);

  it("passes axe on the signed-out password screens", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    await page.goto("/dashboard/forgot-password");
    await dashboard.heading("Forgot your password?").waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByText(/a link to reset its password is on its way/).waitFor();
    await page.goto("/dashboard/reset-password?token=made-up");
    await dashboard.heading("Choose a new password").waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("New password again").fill("a brand new password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(/invalid, used or expired/).waitFor();
  });
});

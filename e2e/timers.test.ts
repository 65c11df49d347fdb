import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { DashboardSchedulePage } from "./pages/DashboardSchedulePage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const thanks = "https://thanks.example.com/after-booking";

/**
 * Moves the page's clock (the suite's, installed by session.newPage) on second by second,
 * letting the page render in between: React schedules its work over MessageChannel, not the
 * clock, so a message posted after a second's timers arrives once that work is done.
 */
async function passSeconds(page: Page, seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await page.clock.runFor(1000);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** Books the first free time of an event type that redirects after 5 seconds. */
async function bookWithRedirect() {
  const host = await seed.signUpHost();
  const eventType = await seed.createEventType(host, { redirectUrl: thanks, redirectSeconds: 5 });
  const { page } = await session.newPage({ timezoneId: "Europe/Berlin", locale: "en-US" });
  await page.route(`${thanks}*`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Thanks</title><h1>Thanks</h1>" }),
  );
  const booking = new BookingPage(page);
  await booking.open(`/${host.username}/${eventType.slug}`);
  await booking.chooseFirstDate();
  await booking.chooseTime(0);
  await booking.fillDetails({ name: "Rita Reader", email: "rita.reader@example.com" });
  await booking.schedule();
  await booking.confirmed();
  return page;
}

describe("the redirect after booking", () => {
  it("goes to the host's page when the countdown runs out", async () => {
    const page = await bookWithRedirect();
    await page.getByText("You will be redirected in 5 seconds.").waitFor();
    const redirected = page.waitForURL(thanks);
    // The redirect takes the page, and its clock, away in the middle of a second.
    await passSeconds(page, 7).catch(() => undefined);
    await redirected;
  });

  it("can be stopped by keyboard, and then does not happen", async () => {
    const page = await bookWithRedirect();
    const stop = page.getByRole("button", { name: "Stop redirect" });
    await stop.waitFor();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      if (await stop.evaluate((button) => button === document.activeElement)) break;
    }
    await page.keyboard.press("Enter");
    await page.getByText("The redirect is stopped. You stay on this page.").waitFor();
    expect(await stop.count()).toBe(0);
    // Focus stays next to the way on, not on the page body.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Continue now");
    await passSeconds(page, 10);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    expect(await page.getByRole("heading", { name: "You are scheduled" }).isVisible()).toBe(true);
  });
});

describe("toasts", () => {
  it("hold while hovered or focused, go 7 seconds after, and errors stay until dismissed", async () => {
    const { page } = await session.newPage({ timezoneId: "Europe/Berlin" });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Tilda"));
    await dashboard.go("Availability");
    const schedule = new DashboardSchedulePage(page);
    await schedule.open("Working hours");

    const saved = page.getByRole("status").getByText("Schedule saved.");
    await schedule.save();
    await saved.waitFor();
    await saved.hover();
    await passSeconds(page, 12);
    expect(await saved.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    await passSeconds(page, 8);
    await saved.waitFor({ state: "detached" });

    await schedule.save();
    await saved.waitFor();
    await page.getByRole("status").getByRole("button", { name: "Dismiss" }).focus();
    await passSeconds(page, 12);
    expect(await saved.isVisible()).toBe(true);
    await page.getByRole("heading", { level: 1 }).focus();
    await passSeconds(page, 8);
    await saved.waitFor({ state: "detached" });

    // An error, here from switching an event type off while the server fails, is not timed out.
    await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Timer call",
      slug: "timer-call",
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
    });
    await page.route("**/api/event-types/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
        : route.continue(),
    );
    await dashboard.go("Event types");
    await page.getByRole("switch", { name: "Timer call can be booked" }).click();
    const error = page.getByRole("alert").locator("div").filter({ hasText: "Dismiss" });
    await error.waitFor();
    await passSeconds(page, 30);
    expect(await error.isVisible()).toBe(true);
    await error.getByRole("button", { name: "Dismiss" }).click();
    await error.waitFor({ state: "detached" });
  });
});

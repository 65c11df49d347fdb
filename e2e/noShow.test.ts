import { afterAll, describe, expect, it } from "vitest";
import { DashboardPage, isolatesAllowed } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { advanceClock, serverNow } from "./support/clock";
import { seeder } from "./support/seed";

const session = await browserSession();

// A server of its own on the suite's clock as the worker's server has it now: the meeting's
// time is let pass here, and the hour the other files run at stays as it was.
const server = await startBuiltServer({ TEST_CLOCK_START: (await serverNow()).toISOString() });
afterAll(() => server.stop());
const seed = seeder(server.baseUrl);

describe("a host marks an invitee as a no-show", () => {
  it("from a past meeting's details, announced, and takes the mark back", async () => {
    const host = await seed.signUpHost({ timeZone: "Europe/Berlin" });
    const eventType = await seed.createEventType(host, { title: "Check-in" });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const booked = await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Nora Noshow",
      email: "nora.noshow@example.com",
    });
    const { context, page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
      baseURL: server.baseUrl,
    });
    // The 30-minute meeting is over: 45 minutes after its start.
    const now = await serverNow(server.baseUrl);
    await advanceClock(
      Date.parse(booked.event.start) - now.getTime() + 45 * 60_000,
      [context],
      server.baseUrl,
    );

    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.waitForURL("**/dashboard");
    const dashboard = new DashboardPage(page);
    await dashboard.go("Bookings");
    await page.getByRole("button", { name: "Past" }).click();
    await page
      .getByRole("listitem")
      .filter({ hasText: "Nora Noshow" })
      .getByRole("button", { name: /^Details/ })
      .click();
    const details = dashboard.dialog(/Check-in/);
    const mark = details.getByRole("button", { name: /^Mark as no-show/ });
    await mark.focus();
    await page.keyboard.press("Enter");

    const status = details.getByRole("status");
    await status.getByText(isolatesAllowed("Nora Noshow is marked as a no-show.")).waitFor();
    const undo = details.getByRole("button", { name: /^Undo no-show/ });
    await undo.waitFor();
    // Focus stays on the button that now takes the mark back.
    expect(await undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await details.getByText("No-show", { exact: true }).waitFor();
    const stored = async () => {
      const { bookings } = await dashboard.api("GET", "/api/bookings?limit=500");
      const booking = bookings.find((b: { uuid: string }) => b.uuid === booked.event.uuid);
      return booking.attendees[0].noShowAt as string | null;
    };
    expect(await stored()).not.toBeNull();
    await expectNoSeriousAxeViolations(page);

    await page.keyboard.press("Enter");
    await status
      .getByText(isolatesAllowed("Nora Noshow is no longer marked as a no-show."))
      .waitFor();
    await mark.waitFor();
    expect(await mark.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await stored()).toBeNull();
  });

  it("offers no mark before the meeting has started", async () => {
    const host = await seed.signUpHost({ timeZone: "Europe/Berlin" });
    const eventType = await seed.createEventType(host, { title: "Later call" });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Uma Upcoming",
      email: "uma.upcoming@example.com",
    });
    const { page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
      baseURL: server.baseUrl,
    });
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.waitForURL("**/dashboard");
    const dashboard = new DashboardPage(page);
    await dashboard.go("Bookings");
    await page
      .getByRole("listitem")
      .filter({ hasText: "Uma Upcoming" })
      .getByRole("button", { name: /^Details/ })
      .click();
    const details = dashboard.dialog(/Later call/);
    await details.getByRole("button", { name: "Cancel booking" }).waitFor();
    expect(await details.getByRole("button", { name: /no-show/ }).count()).toBe(0);
  });
});

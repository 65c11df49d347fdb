import { afterAll, describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { browserSession } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { advanceClock, clockStart, serverNow } from "./support/clock";
import { seeder } from "./support/seed";

const DAY_MS = 86_400_000;
const session = await browserSession();

// A server of its own on the suite's clock as the worker's server has it now: moving its clock
// by weeks here leaves the hour the other files run at alone.
const server = await startBuiltServer({ TEST_CLOCK_START: (await serverNow()).toISOString() });
afterAll(() => server.stop());
const seed = seeder(server.baseUrl);
const context = { timezoneId: "Europe/Berlin", locale: "en-US", baseURL: server.baseUrl };

describe("the suite's one clock", () => {
  it("gives every browser context the server's time, from where the suite's clock started", async () => {
    const { page } = await session.newPage(context);
    const atServer = await serverNow(server.baseUrl);
    const inPage = await page.evaluate(() => Date.now());
    expect(atServer.getTime()).toBeGreaterThanOrEqual(clockStart().getTime());
    // The same clock, give or take the round trips of a loaded machine.
    expect(Math.abs(inPage - atServer.getTime())).toBeLessThan(30_000);
  });

  it("lets three weeks pass at once, in the server and in the page: the first free time moves with it", async () => {
    const host = await seed.signUpHost({ timeZone: "Europe/Berlin" });
    const eventType = await seed.createEventType(host);
    const { context: browserContext, page } = await session.newPage(context);
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const timetable = `/timetable?${new URLSearchParams(link)}`;
    const first = await seed.bookFirstSlot(link, timetable, {
      name: "Early Eve",
      email: "early.eve@example.com",
    });

    const before = await serverNow(server.baseUrl);
    const after = await advanceClock(21 * DAY_MS, [browserContext], server.baseUrl);
    expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(21 * DAY_MS);
    const inPage = await page.evaluate(() => Date.now());
    expect(Math.abs(inPage - after.getTime())).toBeLessThan(30_000);

    // The server offers nothing in the three weeks that have passed.
    const later = await seed.bookFirstSlot(link, timetable, {
      name: "Later Lou",
      email: "later.lou@example.com",
    });
    expect(Date.parse(first.event.start)).toBeLessThan(after.getTime());
    expect(Date.parse(later.event.start)).toBeGreaterThan(after.getTime());

    // And the page, on the same clock, opens on the month of the server's now.
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    const firstDay = await booking.bookableDates().first().getAttribute("data-day");
    expect(firstDay! >= after.toISOString().slice(0, 10)).toBe(true);
  });
});

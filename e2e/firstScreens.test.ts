import { describe, expect, it } from "vitest";
import { apiCalls, startOf } from "./support/apiCalls";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

// The reschedule page's first month and the profile page's first blocks come inside their HTML,
// as the booking page's first month does (issue 36): the client takes them over without asking.

const session = await browserSession();
const seed = seeder(baseUrl());

describe("the reschedule page's first month", () => {
  it("comes with the page, private to the invitee, and is taken over without a second read", async () => {
    const host = await seed.signUpHost({ name: "Rafa Reschedule" });
    const eventType = await seed.createEventType(host, { title: "Move call" });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const booked = await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Ines Invitee",
      email: `${seed.unique()}@example.com`,
    });
    const { context, page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
    });
    const calls = apiCalls(page);
    const nextMonth = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith("/api/timetable"),
    );
    const response = await page.goto(
      `/reschedule/by-attendee/${booked.attendee.uuid}?token=${encodeURIComponent(booked.attendee.token)}`,
    );
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<a href="[^"]+" data-day="[\d-]+"/);
    expect(html).toContain("Former time");
    // The invitee's booking is in it: never kept by a shared cache, nor at all.
    expect(response?.headers()["cache-control"]).toBe("private, no-store");

    await page.locator("button[data-day]:not([disabled])").first().waitFor();
    await nextMonth;
    expect(await page.locator("[data-server-rendered]").count()).toBe(0);
    // No second read of the booking; the one timetable call is the next month, fetched ahead.
    expect(calls.filter((call) => call.startsWith("/api/reschedule/"))).toEqual([]);
    const timetableCalls = calls.filter((call) => call.startsWith("/api/timetable"));
    expect(timetableCalls).toHaveLength(1);
    const firstShown = await page.locator("button[data-day]").first().getAttribute("data-day");
    expect(startOf(timetableCalls[0] ?? "")).not.toBe(firstShown);

    // The client's calendar works as ever: a date shows its times.
    await page.locator("button[data-day]:not([disabled])").first().click();
    await page
      .locator("section", { has: page.locator("#pick-time") })
      .getByRole("button")
      .first()
      .waitFor();
    await context.close();
  });
});

describe("the profile page's first blocks", () => {
  it("come with the page and are taken over without asking for the page again", async () => {
    const host = await seed.signUpHost({ name: "Pia Profile" });
    await seed.createEventType(host, { title: "Hello call" });
    const { context, page } = await session.newPage({ locale: "en-US" });
    const calls = apiCalls(page);
    const response = await page.goto(`/${host.username}`);
    const html = (await response?.text()) ?? "";
    expect(html).toContain("Hello call");
    expect(html).toContain('id="first-blocks"');
    await page.getByRole("link", { name: /Hello call/ }).waitFor();
    await page.waitForFunction(() => document.querySelector("[data-server-rendered]") === null);
    expect(calls.filter((call) => call.startsWith("/api/page/"))).toEqual([]);
    await context.close();
  });

  it("comes in Arabic right to left without scripts", async () => {
    const host = await seed.signUpHost({ name: "Layla Page" });
    await seed.createEventType(host, { title: "Rtl chat" });
    const context = await session.browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      locale: "ar",
    });
    const page = await context.newPage();
    await page.goto(`/${host.username}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByRole("heading", { name: "Layla Page", level: 1 }).waitFor();
    await page.getByRole("link", { name: /Rtl chat/ }).waitFor();
    await context.close();
  });
});

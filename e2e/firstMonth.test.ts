import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiCalls, startOf } from "./support/apiCalls";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

// The booking page's first month comes inside its HTML (issue 36): visible and usable before any
// script has run, and taken over by the client without asking the server again.

const session = await browserSession();
const seed = seeder(baseUrl());

/**
 * The page asked for no event type and one timetable, the month after the one shown (fetched
 * ahead): the shown month came with the page.
 */
async function expectOnlyNextMonthAsked(page: Page, calls: string[]): Promise<string[]> {
  const firstShown = await page.locator("button[data-day]").first().getAttribute("data-day");
  const timetableCalls = calls.filter((call) => call.startsWith("/api/timetable"));
  expect(timetableCalls).toHaveLength(1);
  expect(startOf(timetableCalls[0] ?? "")).not.toBe(firstShown);
  expect(calls.filter((call) => /^\/api\/(user|shared)\//.test(call))).toEqual([]);
  return timetableCalls;
}

/**
 * Opens the booking page and waits until the client has taken it over and asked for the next
 * month ahead (its last call after the first render): every call the first month would cause
 * has gone out by then.
 */
async function openAndSettle(page: Page, path: string) {
  const nextMonth = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith("/api/timetable"),
  );
  const response = await page.goto(path);
  // The page came with its first month: its bookable days as links.
  expect(await response?.text()).toMatch(/<a href="[^"]+" data-day="[\d-]+"/);
  await page.locator("button[data-day]:not([disabled])").first().waitFor();
  await nextMonth;
  expect(await page.locator("[data-server-rendered]").count()).toBe(0);
}

describe("the booking page's first month", () => {
  it("works without JavaScript: the first date is a link to its times", async () => {
    const host = await seed.signUpHost({ name: "Nora Noscript" });
    const eventType = await seed.createEventType(host, { title: "Plain call" });
    const context = await session.browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      timezoneId: "Europe/Berlin",
      locale: "en-US",
    });
    const page = await context.newPage();
    await page.goto(`/${host.username}/${eventType.slug}?utm_source=news`);
    await page.getByRole("heading", { name: "Plain call", level: 1 }).waitFor();
    const first = page.locator("a[data-day][href]").first();
    const label = (await first.getAttribute("aria-label")) ?? "";
    const day = (await first.getAttribute("data-day")) ?? "";
    expect(label).toMatch(/\d{4}$/);
    await first.click();
    // The server answers the link with that day's times, as links to the details step.
    await page.waitForURL((url) => url.searchParams.get("date") === day);
    expect(new URL(page.url()).searchParams.get("utm_source")).toBe("news");
    await page.getByRole("heading", { name: label, level: 2 }).waitFor();
    const times = page.locator("section", { has: page.locator("#pick-time") }).getByRole("link");
    expect(await times.count()).toBeGreaterThan(0);
    expect(await times.first().getAttribute("href")).toContain(`date=${day}&slot=`);
    await context.close();
  });

  it("is taken over by the client without asking for the event type or the month again", async () => {
    const host = await seed.signUpHost({ name: "Hana Hydrate" });
    const eventType = await seed.createEventType(host, { title: "Quick call" });
    const { context, page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
    });
    const calls = apiCalls(page);
    await openAndSettle(page, `/${host.username}/${eventType.slug}`);
    // The only timetable call is the next month's, fetched ahead; no event type call.
    await expectOnlyNextMonthAsked(page, calls);
    // And the client's calendar works as ever: a date shows its times.
    await page.locator("button[data-day]:not([disabled])").first().click();
    await page
      .locator("section", { has: page.locator("#pick-time") })
      .getByRole("button")
      .first()
      .waitFor();
    await context.close();
  });

  it("reads the month in the browser's own zone from the same answer, asking nothing", async () => {
    const host = await seed.signUpHost({ name: "Tomo Zone" });
    const eventType = await seed.createEventType(host, { title: "Far call" });
    // The server draws Berlin's month (the event type's zone); the browser is in Tokyo.
    const { context, page } = await session.newPage({ timezoneId: "Asia/Tokyo", locale: "en-US" });
    const calls = apiCalls(page);
    await openAndSettle(page, `/${host.username}/${eventType.slug}`);
    await page.getByText("Asia/Tokyo").waitFor();
    const [call] = await expectOnlyNextMonthAsked(page, calls);
    expect(call).toContain("timezone=Asia%2FTokyo");
    // Berlin's 09:00 is Tokyo's 17:00 (winter): a working day's times start there.
    await page.locator("button[data-day]:not([disabled])").nth(1).click();
    await page
      .locator("section", { has: page.locator("#pick-time") })
      .getByRole("button", { name: "17:00", exact: true })
      .waitFor();
    await context.close();
  });

  it("comes in Arabic right to left, and in the Persian calendar for fa", async () => {
    const host = await seed.signUpHost({ name: "Layla Rtl" });
    const eventType = await seed.createEventType(host, { title: "Rtl call" });
    const context = await session.browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      locale: "fa-IR",
    });
    await context.addCookies([{ name: "calendar_type", value: "persian", url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto(`/${host.username}/${eventType.slug}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fa");
    // Persian digits in the day cells.
    expect(await page.locator("a[data-day]").first().textContent()).toMatch(/^[۰-۹]+/);
    await context.close();
  });
});

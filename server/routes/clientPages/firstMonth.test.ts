import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { TimetableResponse } from "../../../core/api/timetable";
import { bookingPagePaths } from "../../../core/routing/bookingPagePaths";
import { matchClientRoute } from "../../../core/routing/clientRoutes";
import { withFirstScreen } from "../../plugins/clientApp";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { type FirstMonthData, loadFirstMonth } from "./firstMonth";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const host = await signUpHost(t, { name: "Fatima Host" });
const eventType = await createEventType(t, host, { title: "Intro call" });
const pagePath = `/${host.username}/${eventType.slug}`;

/** A page request as Fastify hands it to the client pages: its address, cookies and headers. */
function pageRequest(
  url: string,
  { language = "en", cookies = {} }: { language?: string; cookies?: Record<string, string> } = {},
) {
  return {
    url,
    cookies,
    headers: { "accept-language": language },
    body: undefined,
  } as unknown as FastifyRequest;
}

async function firstMonth(url: string, options?: Parameters<typeof pageRequest>[1]) {
  const pathname = url.split("?")[0] ?? "/";
  return loadFirstMonth(t.app, pageRequest(url, options), pathname, BOOKING_NOW.getTime());
}

function dataOf(dataScript: string): FirstMonthData {
  const json = /<script type="application\/json" id="first-month">(.*)<\/script>/s.exec(
    dataScript,
  )?.[1];
  if (json === undefined) throw new Error("no inlined data");
  return JSON.parse(json) as FirstMonthData;
}

/** The bookable days the page links to, with their links. */
const dayLinks = (markup: string) =>
  [...markup.matchAll(/<a href="([^"]+)" data-day="([\d-]+)" aria-label="([^"]+)"/g)].map(
    ([, href, day, label]) => ({ href: href?.replaceAll("&amp;", "&"), day, label }),
  );

const daysWithTimes = (timetable: TimetableResponse) =>
  timetable.timetable.filter((day) => Object.keys(day.slots).length > 0).map((day) => day.date);

describe("a booking page's first month, drawn by the server", () => {
  it("links each bookable date of the month (en) and inlines the answers the client asks for", async () => {
    const page = await firstMonth(`${pagePath}?utm_source=news`);
    if (page === null) throw new Error("no first month");
    expect(page.language).toBe("en");
    expect(page.direction).toBe("ltr");
    expect(page.title).toBe("Intro call – Slotted");
    expect(page.markup).toContain("<h1");
    expect(page.markup).toContain("Intro call");
    expect(page.markup).toContain("Fatima Host");
    expect(page.markup).toContain("January 2027");
    expect(page.markup).toContain("Select a date");

    // The data is under the very paths the client computes, so it asks for neither.
    const data = dataOf(page.dataScript);
    const route = matchClientRoute(pagePath);
    const paths = bookingPagePaths(route.params, {
      timeZone: "Europe/Berlin",
      calendarType: "gregorian",
      now: BOOKING_NOW.getTime(),
      search: "?utm_source=news",
    });
    expect(data.eventType.path).toBe(paths?.eventType);
    expect(data.timetables.map((entry) => entry.path)).toEqual([paths?.timetable]);
    expect(data.timeZone).toBe("Europe/Berlin");
    expect(data.eventType.body.eventType.title).toBe("Intro call");

    // Every bookable day of the answer is a working link to its date, keeping the address's
    // other parameters; no other day is.
    const bookable = daysWithTimes(data.timetables[0]!.body);
    expect(bookable.length).toBeGreaterThan(10);
    const links = dayLinks(page.markup);
    expect(links.map((link) => link.day)).toEqual(bookable);
    expect(links[0]?.href).toBe(`${pagePath}?utm_source=news&month=2027-01&date=${bookable[0]}`);
    expect(links[0]?.label).toBe("Monday, January 4, 2027");
    // The client reads the month in the browser's zone from the same answer with a margin.
    const margin = data.timetables[0]?.margin;
    // (1 February 2027 is a Monday, past the month's end.)
    expect(margin?.timetable.map((day) => day.date)).toContain("2027-02-01");
    expect(page.personal).toBe(false);
    // Inlined JSON cannot end its script element early.
    expect(page.dataScript.slice(0, -"</script>".length)).not.toContain("</");
  });

  it("writes Arabic right to left, and Persian in the Persian calendar with its digits", async () => {
    const arabic = await firstMonth(pagePath, { language: "ar" });
    expect(arabic?.language).toBe("ar");
    expect(arabic?.direction).toBe("rtl");
    expect(arabic?.markup).toContain("اختر تاريخًا");
    expect(arabic?.markup).toContain("يناير");
    expect(dayLinks(arabic?.markup ?? "")[0]?.label).toContain("يناير");

    const persian = await firstMonth(pagePath, {
      language: "fa",
      cookies: { calendar_type: "persian" },
    });
    if (persian === null) throw new Error("no first month");
    expect(persian.direction).toBe("rtl");
    // 4 January 2027 is 14 Dey 1405: the month shown is Dey, its days in Persian digits.
    expect(persian.markup).toMatch(/id="first-month-heading"[^>]*>[^<]*دی/);
    expect(persian.markup).toMatch(/id="first-month-heading"[^>]*>[^<]*۱۴۰۵/);
    expect(persian.markup).toMatch(/data-day="2027-01-04"[^>]*>۱۴</);
    const data = dataOf(persian.dataScript);
    // Dey 1405 runs from 22 December 2026 to 20 January 2027.
    expect(data.timetables[0]?.path).toContain("start=2026-12-22&end=2027-01-20");
    expect(data.month).toBe("p1405-10");
    // A stored calendar is the invitee's: not for shared caches.
    expect(persian.personal).toBe(true);
  });

  it("shows the address's date with its times, in the invitee's stored zone", async () => {
    const page = await firstMonth(`${pagePath}?date=2027-01-05`, {
      cookies: { time_zone: "America/New_York", time_format: "12" },
    });
    if (page === null) throw new Error("no first month");
    const data = dataOf(page.dataScript);
    expect(data.timeZone).toBe("America/New_York");
    expect(data.timetables[0]?.path).toContain("timezone=America%2FNew_York");
    // Known zone: no margin to read it elsewhere.
    expect(data.timetables[0]?.margin).toBeUndefined();
    expect(page.markup).toContain("Tuesday, January 5, 2027");
    // Berlin's 09:00 is New York's 3:00 AM, as a link to the details step.
    expect(page.markup).toMatch(
      /<a href="[^"]*slot=2027-01-05T08%3A00%3A00Z"[^>]*aria-label="3:00 AM"/,
    );
    expect(page.personal).toBe(true);
  });

  it("says so when no month ahead has times, and takes the address's colours", async () => {
    const schedule = await t.request({
      method: "POST",
      url: "/api/schedules",
      headers: host.headers,
      payload: { name: "Never", timeZone: "Europe/Berlin", weekly: {}, overrides: [] },
    });
    expect(schedule.statusCode).toBe(201);
    const never = await createEventType(t, host, { scheduleId: schedule.json().id });
    const page = await firstMonth(`/${host.username}/${never.slug}?primary_color=0a7d33`);
    if (page === null) throw new Error("no first month");
    expect(dayLinks(page.markup)).toEqual([]);
    expect(page.markup).toContain("No times in this month.");
    expect(page.markup).toMatch(/No available times in the next \d+ months\./);
    expect(page.style).toContain("--color-brand-600: #");
    expect(page.background).toBe("#F2F4F7");
  });

  it("leaves the details step, other pages and unknown event types to the client", async () => {
    expect(await firstMonth(`${pagePath}?date=2027-01-05&slot=2027-01-05T08:00:00Z`)).toBeNull();
    expect(await firstMonth(`/${host.username}`)).toBeNull();
    expect(await firstMonth(`/${host.username}/no-such-event`)).toBeNull();
  });

  it("puts the screen into the page with its language, direction and title", async () => {
    const page = await firstMonth(pagePath, { language: "fa" });
    if (page === null) throw new Error("no first month");
    const html = withFirstScreen(
      [
        '<html lang="en" dir="ltr"><head><title>Slotted</title>',
        '<script type="module" crossorigin src="/assets/index.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join("\n"),
      page,
    );
    // The stylesheet the screen needs first; the scripts that take it over yield to it.
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf("<script"));
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(html).toMatch(/^<html lang="fa" dir="rtl" style="--layout-bg: #F2F4F7;[^"]*">/);
    expect(html).toContain("<title>Intro call – Slotted</title>");
    expect(html).toContain('<div id="root"><main');
    expect(html).toContain('<script type="application/json" id="first-month">');
  });
});

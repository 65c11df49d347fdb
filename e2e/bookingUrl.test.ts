import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

const query = (url: string) => new URL(url).searchParams;
const activeId = (booking: BookingPage) => booking.page.evaluate(() => document.activeElement?.id);
const detailsHeading = (booking: BookingPage) =>
  booking.page.getByRole("heading", { name: "Enter your details" });

async function pageOf(host: { username: string }, slug: string, search = "") {
  const booking = new BookingPage((await session.newPage(context)).page);
  await booking.open(`/${host.username}/${slug}${search}`);
  return booking;
}

describe("the booking page keeps its place in the address", () => {
  it("steps back and forward through date, time and details, keeping what was typed", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const booking = await pageOf(host, eventType.slug, "?utm_source=news&a1=kept");
    const { page } = booking;

    // The second date: a whole day with three times and more, as the steps below need.
    await booking.chooseDate(1);
    const date = query(page.url()).get("date");
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query(page.url()).get("month")).toBe(date?.slice(0, 7));
    await booking.chooseTime(1);
    const slot = query(page.url()).get("slot");
    expect(Date.parse(slot ?? "")).not.toBeNaN();
    // The spec's kept parameters stay through the steps.
    expect(query(page.url()).get("utm_source")).toBe("news");
    expect(query(page.url()).get("a1")).toBe("kept");
    await booking.fillDetails({ name: "Rosa Back", email: "rosa@example.com" });

    // The browser's Back: the day's times, the chosen time marked, focus on their heading.
    await page.goBack();
    await booking.timeSection().getByRole("button").first().waitFor();
    expect(await detailsHeading(booking).count()).toBe(0);
    expect(query(page.url()).get("slot")).toBeNull();
    expect(query(page.url()).get("date")).toBe(date);
    expect(await activeId(booking)).toBe("pick-time");
    expect(
      await booking.timeSection().getByRole("button", { pressed: true }).count(),
    ).toBeGreaterThan(0);

    // Back again: no day chosen; Forward twice: the details, as typed.
    await page.goBack();
    await page.getByText("Choose a date to see its times.").waitFor();
    expect(query(page.url()).get("date")).toBeNull();
    await page.goForward();
    await booking.timeSection().getByRole("button").first().waitFor();
    await page.goForward();
    await detailsHeading(booking).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Rosa Back");

    // The page's own Back, another time: the details are still there.
    await page.getByRole("button", { name: "Back" }).click();
    await booking.timeSection().getByRole("button").first().waitFor();
    await booking.chooseTime(2);
    expect(query(page.url()).get("slot")).not.toBe(slot);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("rosa@example.com");

    // A reload keeps the place: the same time's details step.
    const chosen = query(page.url()).get("slot");
    await page.reload();
    await detailsHeading(booking).waitFor();
    expect(query(page.url()).get("slot")).toBe(chosen);
    await booking.fillDetails({ name: "Rosa Back", email: "rosa@example.com" });
    await booking.schedule();
    await booking.confirmed();
    const booked = await seed.mailbox();
    expect(JSON.stringify(booked)).toContain("rosa@example.com");
  });

  it("opens the month and the date a link names, and a duration", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { duration: 30, durations: [30, 60] });
    const browse = await pageOf(host, eventType.slug);
    // Two months ahead: a month the page would never show first.
    await browse.page.getByRole("button", { name: "Next month" }).click();
    await browse.page.getByRole("button", { name: "Next month" }).click();
    const month = query(browse.page.url()).get("month") ?? "";
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await browse.bookableDates().first().waitFor();
    const date = (await browse.bookableDates().first().getAttribute("data-day")) ?? "";
    expect(date.startsWith(month)).toBe(true);

    const linked = await pageOf(host, eventType.slug, `?month=${month}`);
    expect(await linked.page.locator(`button[data-day="${month}-01"]`).count()).toBe(1);

    const dated = new BookingPage((await session.newPage(context)).page);
    await dated.page.goto(`/${host.username}/${eventType.slug}?date=${date}&duration=60`);
    await dated.timeSection().getByRole("button").first().waitFor();
    expect(
      await dated.page.locator(`button[data-day="${date}"][aria-pressed="true"]`).count(),
    ).toBe(1);
    expect(
      await dated.page.getByRole("button", { name: "1 hour" }).getAttribute("aria-pressed"),
    ).toBe("true");
    await dated.chooseTime(0);
    expect(query(dated.page.url()).get("duration")).toBe("60");
    // The details name the hour-long meeting's end.
    const start = Date.parse(query(dated.page.url()).get("slot") ?? "");
    const end = new Date(start + 3_600_000).toLocaleTimeString("en-GB", {
      timeZone: "Europe/Berlin",
      hour: "2-digit",
      minute: "2-digit",
    });
    await dated.page.getByText(end).first().waitFor();
  });

  it("opens an old link's month, long over, at the first month with times", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    await page.goto(`/${host.username}/${eventType.slug}?month=2020-01`);
    const booking = new BookingPage(page);
    await booking.bookableDates().first().waitFor();
    expect(await page.getByText(/No available times in the next/).count()).toBe(0);
    expect(await booking.bookableDates().count()).toBeGreaterThan(0);
  });

  it("sends a linked time that is not bookable to that day's times, saying so", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const booking = await pageOf(host, eventType.slug);
    await booking.chooseFirstDate();
    const date = query(booking.page.url()).get("date") ?? "";
    // 03:17 local time is never a slot of the default working hours.
    const slot = new Date(`${date}T02:17:00Z`).toISOString();
    const page = (await session.newPage(context)).page;
    await page.goto(`/${host.username}/${eventType.slug}?date=${date}&slot=${slot}`);
    await page.getByText("The selected time is not available anymore").first().waitFor();
    expect(await page.getByRole("heading", { name: "Enter your details" }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("slot")).toBeNull();
    expect(new URL(page.url()).searchParams.get("date")).toBe(date);
  });
});

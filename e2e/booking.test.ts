import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("booking a one-on-one event", () => {
  it("picks a date and time, enters details and shows the confirmation", async () => {
    const host = await seed.signUpHost({ name: "Ada Host" });
    const eventType = await seed.createEventType(host, { title: "Intro call", duration: 30 });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);

    await page.getByRole("heading", { name: "Intro call", level: 1 }).waitFor();
    expect(await page.getByText("Ada Host").first().isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    const date = await booking.chooseFirstDate();
    expect(date).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}$/);
    const time = await booking.chooseTime(0);
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    await expectNoSeriousAxeViolations(page);

    await booking.fillDetails({ name: "Eve Invitee", email: "eve@example.com" });
    await booking.schedule();
    await booking.confirmed();
    const details = page.locator("dl");
    expect(await details.textContent()).toContain("Intro call");
    expect(await details.textContent()).toContain("Eve Invitee");
    expect(await details.textContent()).toContain(time);
    expect(await page.getByRole("link", { name: "Google Calendar" }).getAttribute("href")).toMatch(
      /^https:\/\/calendar\.google\.com\//,
    );
    await expectNoSeriousAxeViolations(page);
  });
});

describe("booking page behaviours", () => {
  it("sends a taken time back to the refreshed times with a toast", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const path = `/${host.username}/${eventType.slug}`;
    const first = new BookingPage((await session.newPage(context)).page);
    const second = new BookingPage((await session.newPage(context)).page);
    // The second date: today may have one time left, and none once it is taken.
    const dates: string[] = [];
    for (const booking of [first, second]) {
      await booking.open(path);
      dates.push(await booking.chooseDate(1));
    }
    expect(dates[1]).toBe(dates[0]);
    const time = await first.chooseTime(0);
    expect(await second.chooseTime(0)).toBe(time);
    await first.fillDetails({ name: "First", email: "first@example.com" });
    await first.schedule();
    await first.confirmed();

    await second.fillDetails({ name: "Second", email: "second@example.com" });
    await second.schedule();
    const toast = second.page.getByRole("alert").filter({ hasText: "not available anymore" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(
      "The selected time is not available anymore. Please choose another time.",
    );
    // Back on the same date's times, refreshed: the taken one is gone, the others stay.
    await second.page.getByRole("heading", { level: 2, name: dates[0] }).waitFor();
    const times = second.timeSection().getByRole("button");
    await times.first().waitFor();
    const labels = () =>
      times.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    await expect.poll(labels).not.toContain(time);
    expect((await labels()).length).toBeGreaterThan(0);
  });

  it("fills the form from the query, hides details with hide_details and keeps the query", async () => {
    const host = await seed.signUpHost({ name: "Hidden Host" });
    const eventType = await seed.createEventType(host, {
      title: "Prefilled",
      questions: [{ id: "topic", type: "SHORT_TEXT", label: "Topic", required: true }],
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(
      `/${host.username}/${eventType.slug}?name=Ana%20Lee&email=ana%40example.com&a1=Pricing&hide_details=1&utm_source=news`,
    );
    expect(await page.getByText("Hidden Host").count()).toBe(0);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Ana Lee");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("ana@example.com");
    expect(await page.getByLabel("\u2068Topic\u2069", { exact: true }).inputValue()).toBe(
      "Pricing",
    );
    await booking.schedule();
    await booking.confirmed();
    const query = new URL(page.url()).searchParams;
    expect(query.get("utm_source")).toBe("news");
    expect(query.get("hide_details")).toBe("1");
  });

  it("shows the seats left of a group event and takes one", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, {
      kind: "GROUP",
      seats: 3,
      title: "Workshop",
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    expect(await booking.timeSection().getByText("3 seats left").first().isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Gus", email: "gus@example.com" });
    await booking.schedule();
    await booking.confirmed();

    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    const first = booking.timeSection().getByRole("button").first();
    expect(await first.getAttribute("aria-describedby")).toBeTruthy();
    expect(await booking.timeSection().getByText("2 seats left").count()).toBe(1);
  });

  it("says a group time whose last seat went meanwhile is fully booked", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { kind: "GROUP", seats: 2 });
    const path = `/${host.username}/${eventType.slug}`;
    const pages: BookingPage[] = [];
    for (let i = 0; i < 3; i++) pages.push(new BookingPage((await session.newPage(context)).page));
    const times: string[] = [];
    for (const booking of pages) {
      await booking.open(path);
      await booking.chooseDate(1);
      times.push(await booking.chooseTime(0));
    }
    expect(new Set(times).size).toBe(1);
    const [late, ...takers] = pages as [BookingPage, BookingPage, BookingPage];
    for (const [i, booking] of takers.entries()) {
      await booking.fillDetails({ name: `Seat ${i}`, email: `seat-${i}@example.com` });
      await booking.schedule();
      await booking.confirmed();
    }

    await late.fillDetails({ name: "Late", email: "late@example.com" });
    await late.schedule();
    const said = "This time is fully booked. Please choose another time.";
    await late.page.getByRole("alert").filter({ hasText: said }).waitFor();
    // The times' notice says the same, not that the time went away.
    expect(await late.timeSection().getByText(said).count()).toBe(1);
  });

  it("asks for the emailed code before scheduling when the event type requires it", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { requiresEmailVerification: true });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    const email = `code-${seed.unique()}@example.com`;
    await booking.fillDetails({ name: "Cody", email });
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Verify your email" }).waitFor();
    const resend = page.getByRole("button", { name: /Send a new code in \d+ seconds?/ });
    expect(await resend.isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel("Verification code").fill("000000");
    await booking.schedule();
    await page.getByText(/code/i).and(page.locator(".text-red-700")).first().waitFor();

    await page.getByLabel("Verification code").fill(await seed.mailedCode(email));
    await booking.schedule();
    await booking.confirmed();
  });
});

describe("calendar controls", () => {
  it("switches to 12-hour times and remembers it, and searches another time zone", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseDate(1);
    const first = booking.timeSection().getByRole("button").first();
    expect(await first.getAttribute("aria-label")).toBe("09:00");

    await page.getByRole("button", { name: "12h" }).click();
    await expect.poll(() => first.getAttribute("aria-label")).toMatch(/^9:00\sAM$/);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseDate(1);
    expect(await first.getAttribute("aria-label")).toMatch(/^9:00\sAM$/);

    await page.getByRole("button", { name: /Time zone/ }).click();
    const search = page.getByRole("combobox", { name: "Search time zones" });
    await search.fill("new york");
    await expectNoSeriousAxeViolations(page);
    await search.press("Enter");
    await expect
      .poll(() => page.getByRole("button", { name: /Time zone/ }).textContent())
      .toContain("America/New York");
    // 09:00 in Berlin is 03:00 in New York.
    await booking.bookableDates().nth(1).click();
    await expect.poll(() => first.getAttribute("aria-label")).toMatch(/^3:00\sAM$/);
  });

  it("books with the keyboard alone", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    const dates = booking.bookableDates();
    // Late on the month's last working days the shown month may hold one bookable date (e.g.
    // Friday 27 November after hours: only Monday 30): arrow keys are tried on the next month.
    if ((await dates.count()) < 2) {
      const last = await dates.last().getAttribute("data-day");
      await page.getByRole("button", { name: "Next month" }).click();
      await page.waitForFunction(
        (after) =>
          [...document.querySelectorAll("button[data-day]:not([disabled])")].some(
            (day) => (day.getAttribute("data-day") ?? "") > (after ?? ""),
          ),
        last,
      );
    }
    const second = (await dates.nth(1).getAttribute("aria-label")) ?? "";

    await dates.first().focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      second,
    );
    await page.keyboard.press("Enter");
    await booking.timeSection().getByRole("button").first().waitFor();
    await booking.timeSection().getByRole("button").first().focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Enter your details" }).waitFor();
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Kim Keys");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@example.com");
    await page.keyboard.press("Enter");
    await booking.confirmed();
  });

  it("books with an internationalised address (ünï@exämple.de)", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { title: "Umlaut call" });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Ünï Person", email: "ünï@exämple.de" });
    await booking.schedule();
    await booking.confirmed();
  });
});

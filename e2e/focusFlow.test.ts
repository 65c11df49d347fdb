import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { type SeededHost, seeder } from "./support/seed";

// Keyboard only: every step is taken with Tab, Shift+Tab, Enter and Escape, and after each one
// the test asserts where focus is (never the page's body) and what was announced.

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };
const password = "correct horse battery";

interface Focused {
  tag: string;
  id: string;
  /** The accessible name as the test sees it: aria-label, else the text. */
  name: string;
  describedBy: string;
}

/** What has focus; "body" when focus was lost. */
function focused(page: Page): Promise<Focused | "body"> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    const describedBy = (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
      .join(" ")
      .trim();
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim(),
      describedBy,
    };
  });
}

/** Presses Tab (or Shift+Tab) until `wanted` holds for the focused element. */
async function tabTo(
  page: Page,
  wanted: (element: Focused) => boolean,
  { backwards = false, max = 60 } = {},
): Promise<Focused> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    if (now !== "body" && wanted(now)) return now;
  }
  throw new Error("the wanted element was not reached with the keyboard");
}

/**
 * Waits until focus is on an element that satisfies `wanted`, and returns it: as long as the app
 * itself keeps trying to place it (10 s), since a loaded machine can take seconds to render.
 */
async function focusSettlesOn(page: Page, wanted: (element: Focused) => boolean) {
  await expect
    .poll(
      async () => {
        const now = await focused(page);
        return now !== "body" && wanted(now);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return (await focused(page)) as Focused;
}

const isDate = (element: Focused) =>
  element.tag === "button" && /^\w+day, \w+ \d{1,2}, \d{4}$/.test(element.name);
const isTimesHeading = (element: Focused) => element.tag === "h2" && element.id === "pick-time";
const isTime = (element: Focused) => element.tag === "button" && /^\d{2}:\d{2}$/.test(element.name);
const named = (tag: string, name: string | RegExp) => (element: Focused) =>
  element.tag === tag &&
  (typeof name === "string" ? element.name === name : name.test(element.name));

function announced(page: Page) {
  return page.locator("[data-announcer]").textContent();
}

async function hostWithEventType(title = "Intro call") {
  const host = await seed.signUpHost({ name: `${title} Host` });
  const eventType = await seed.createEventType(host, { title });
  return { host, eventType, path: `/${host.username}/${eventType.slug}` };
}

describe("focus follows the booking", () => {
  it("goes from a date to its times, to the details and back, announcing the times", async () => {
    const { path } = await hostWithEventType();
    const { page } = await session.newPage({ ...context, viewport: { width: 1280, height: 900 } });
    await new BookingPage(page).open(path);

    const date = await tabTo(page, isDate);
    await page.keyboard.press("Enter");
    const heading = await focusSettlesOn(page, isTimesHeading);
    expect(heading.name).toBe(date.name);
    await expect.poll(() => announced(page)).toMatch(/^\d+ times? available$/);

    // The first time is the next tab stop, not four controls away.
    await page.keyboard.press("Tab");
    const time = await focused(page);
    expect(time !== "body" && isTime(time)).toBe(true);

    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h2", "Enter your details"));
    await expectNoSeriousAxeViolations(page);

    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "input", name: "" });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe(
      "name",
    );

    await tabTo(page, named("button", "Back"), { backwards: true });
    await page.keyboard.press("Enter");
    expect((await focusSettlesOn(page, isTimesHeading)).name).toBe(date.name);
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "button", name: (time as Focused).name });
  });

  it("brings a time taken meanwhile back to the times, says so in the page and focuses them", async () => {
    const { host, eventType, path } = await hostWithEventType();
    const { page } = await session.newPage(context);
    await new BookingPage(page).open(path);
    await tabTo(page, isDate);
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, isTimesHeading);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h2", "Enter your details"));

    // Someone else takes the same first free time before this invitee submits.
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Quick",
      email: "quick@example.com",
    });

    await page.keyboard.press("Tab");
    await page.keyboard.type("Slow Invitee");
    await page.keyboard.press("Tab");
    await page.keyboard.type("slow@example.com");
    await page.keyboard.press("Enter");

    const heading = await focusSettlesOn(page, isTimesHeading);
    const message = "The selected time is not available anymore. Please choose another time.";
    expect(heading.describedBy).toBe(message);
    const inPage = page.locator("main").getByText(message);
    expect(await inPage.isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });

  it("keeps focus on the month buttons when 'Previous month' disables itself", async () => {
    const { path } = await hostWithEventType();
    const { page } = await session.newPage(context);
    await new BookingPage(page).open(path);
    const month = page.locator("h3[aria-live]");
    // The page opens on the first month with times: on a month's last evening, the next one,
    // whose 'Previous month' still leads back to the current month. Start from the current one.
    const previous = page.getByRole("button", { name: "Previous month" });
    while (!(await previous.isDisabled())) {
      const before = await month.textContent();
      await previous.click();
      await expect.poll(() => month.textContent()).not.toBe(before);
    }
    const shown = await month.textContent();

    await tabTo(page, named("button", "Next month"));
    await page.keyboard.press("Enter");
    await expect.poll(() => month.textContent()).not.toBe(shown);
    await tabTo(page, named("button", "Previous month"), { backwards: true });
    await page.keyboard.press("Enter");
    await expect.poll(() => month.textContent()).toBe(shown);

    expect(await page.getByRole("button", { name: "Previous month" }).isDisabled()).toBe(true);
    expect(await focused(page)).toMatchObject({ tag: "button", name: "Next month" });
  });

  it("moves on with Tab from the time zone search, the picker closed", async () => {
    const { path } = await hostWithEventType();
    const { page } = await session.newPage(context);
    await new BookingPage(page).open(path);
    const zoneButton = page.locator("button[aria-haspopup='listbox']");

    const isZoneButton = (element: Focused) =>
      element.tag === "button" && element.name.startsWith("Europe/Berlin");
    await tabTo(page, isZoneButton);
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, (element) => element.tag === "input");
    expect(await zoneButton.getAttribute("aria-expanded")).toBe("true");

    await page.keyboard.press("Tab");
    await focusSettlesOn(page, named("button", "12h"));
    expect(await zoneButton.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("input[aria-autocomplete='list']").count()).toBe(0);

    // Escape still closes it and returns to the button.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, (element) => element.tag === "input");
    await page.keyboard.press("Escape");
    await focusSettlesOn(page, isZoneButton);
    expect(await zoneButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes a picker that loads after Tab has moved on, leaving focus where it went", async () => {
    const { path } = await hostWithEventType();
    const { page } = await session.newPage(context);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The picker's code arrives late, as on a slow connection; it is the real file.
    await page.route(/\/TimeZonePicker-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await new BookingPage(page).open(path);
    await tabTo(page, (element) => element.tag === "button" && element.name.startsWith("Europe/"));
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await focusSettlesOn(page, named("button", "12h"));
    release();
    const zoneButton = page.locator("button[aria-haspopup='listbox']");
    await expect.poll(() => zoneButton.getAttribute("aria-expanded")).toBe("false");
    expect(await focused(page)).toMatchObject({ tag: "button", name: "12h" });
  });

  it("clears aria-busy when the times fail to load", async () => {
    const { path } = await hostWithEventType();
    const { page } = await session.newPage(context);
    // The server failing cannot be provoked from outside: the timetable answers 503 here. The
    // first month comes with the page (issue 36), so the next one is the month that fails.
    await page.route(
      (url) => url.pathname === "/api/timetable",
      (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ message: "Service unavailable" }),
        }),
    );
    await new BookingPage(page).open(path);
    await page.getByRole("button", { name: "Next month" }).click();
    const calendar = page.locator("table");
    await page.getByRole("alert").filter({ hasText: /\S/ }).first().waitFor();
    await expect.poll(() => calendar.getAttribute("aria-busy")).toBeNull();
  });

  it("says a month has no times in a live region that was there before", async () => {
    const host = await seed.signUpHost();
    const schedule = await seed.call<{ id: string }>(
      "POST",
      "/schedules",
      { name: "Never", timeZone: "Europe/Berlin", weekly: {}, overrides: [] },
      host.headers,
    );
    const eventType = await seed.createEventType(host, { scheduleId: schedule.id });
    const { page } = await session.newPage(context);
    // Hold the times back until the region has been found, then let them through. The first
    // month comes with the page (issue 36): the next month's times are the ones held.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/api/timetable",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/${host.username}/${eventType.slug}`);
    const region = page.locator("section[aria-labelledby='pick-date'] [role='status']").first();
    // The client's page, which says the first month has no times.
    await page.getByRole("button", { name: "Next month" }).waitFor();
    await expect.poll(() => region.textContent()).toContain("No times in this month.");
    const handle = await region.elementHandle();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect.poll(() => handle?.textContent()).toBe("");
    release();
    await expect.poll(() => handle?.textContent()).toContain("No times in this month.");
    expect(await handle?.evaluate((node) => node.isConnected)).toBe(true);
  });
});

describe("status messages", () => {
  it("reads the answer to a password-reset request from a region there before it", async () => {
    const { page } = await session.newPage(context);
    await page.goto("/dashboard/forgot-password");
    const region = page.locator("section [role='status']");
    await region.waitFor({ state: "attached" });
    const handle = await region.elementHandle();
    expect(await handle?.textContent()).toBe("");

    await page.getByLabel("Email").focus();
    await page.keyboard.type(`nobody-${seed.unique()}@example.com`);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => handle?.textContent())
      .toContain("a link to reset its password is on its way");
    expect(await handle?.evaluate((node) => node.isConnected)).toBe(true);
    // The form is gone; focus is on its answer, not on the page body.
    expect(await handle?.evaluate((node) => node === document.activeElement)).toBe(true);
  });
});

describe("focus follows the reschedule page", () => {
  it("focuses the confirmation step's heading, and the times again after Back", async () => {
    const { host, eventType } = await hostWithEventType("Move me");
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const booked = await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Ivy",
      email: `${seed.unique()}@example.com`,
    });
    const { page } = await session.newPage(context);
    await new BookingPage(page).open(
      `/reschedule/by-attendee/${booked.attendee.uuid}?token=${encodeURIComponent(booked.attendee.token)}`,
    );

    await tabTo(page, isDate);
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, isTimesHeading);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h1", "Confirm the new time"));
    await expectNoSeriousAxeViolations(page);

    await tabTo(page, named("button", "Back"));
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, isTimesHeading);
  });
});

async function signInWithKeyboard(page: Page, host: SeededHost) {
  const home = new HomePage(page);
  await home.open();
  await page.getByRole("tab", { name: "Sign in" }).focus();
  await page.keyboard.press("Enter");
  await home.panel().getByLabel("Email").focus();
  await page.keyboard.type(host.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

describe("focus follows in-app navigation", () => {
  it("focuses the event's heading after following a profile's link", async () => {
    const { host } = await hostWithEventType("Coffee chat");
    const { page } = await session.newPage(context);
    await page.goto(`/${host.username}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Not on the first load: the page starts where the browser starts.
    expect(await focused(page)).toBe("body");

    await tabTo(page, (element) => element.tag === "a" && element.name.startsWith("Coffee chat"));
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h1", "Coffee chat"));
    expect(new URL(page.url()).pathname).not.toBe(`/${host.username}`);
  });

  it("leaves focus unset when the first load moves past a month without times", async () => {
    const host = await seed.signUpHost({ name: "Notice Host" });
    // 45 days' notice: whatever the date, this month has no times and the page moves on.
    const eventType = await seed.createEventType(host, { minimumNotice: 45 * 24 * 60 });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await expect.poll(() => new URL(page.url()).searchParams.get("month")).not.toBeNull();
    await booking.bookableDates().first().waitFor();
    expect(await focused(page)).toBe("body");
  });

  it("focuses the dashboard's heading after signing in and after each menu link", async () => {
    const host = await seed.signUpHost({ name: "Menu Host" });
    await seed.createEventType(host, { title: "Kept call" });
    const { page } = await session.newPage({ ...context, viewport: { width: 375, height: 800 } });
    await signInWithKeyboard(page, host);
    await focusSettlesOn(page, named("h1", "Welcome, \u2068Menu Host\u2069"));

    await tabTo(page, named("a", "Event types"), { backwards: true });
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h1", "Event types"));
    await tabTo(page, named("a", "Availability"), { backwards: true });
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h1", "Availability"));
  });

  it("returns focus to the dialog's opener when it is closed with Cancel, as with Escape", async () => {
    const host = await seed.signUpHost();
    const { page } = await session.newPage(context);
    await signInWithKeyboard(page, host);
    await focusSettlesOn(page, (element) => element.tag === "h1");
    await tabTo(page, named("a", "Availability"), { backwards: true });
    await page.keyboard.press("Enter");
    await focusSettlesOn(page, named("h1", "Availability"));

    // The dialog is rendered only while open: Cancel unmounts it, Escape closes it.
    const opener = named("button", "New schedule");
    const dialog = page.getByRole("dialog", { name: "New schedule" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await tabTo(page, named("button", "Cancel"));
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(0);
    await focusSettlesOn(page, opener);

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await focusSettlesOn(page, opener);
  });
});

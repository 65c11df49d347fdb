import { afterAll, describe, expect, it } from "vitest";
import { calendarFiles, icsFile, putEvent } from "../server/calendars/testing/calendarFiles";
import { createCalendar, startRadicale } from "../server/test/radicale";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow } from "./support/clock";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };
const radicale = await startRadicale({ password: "e2e-app-password" });
afterAll(() => radicale.stop());

/** A weekday at least three days ahead, as yyyy-MM-dd, and its date in iCalendar form. */
async function busyDay(): Promise<{ date: string; ics: string }> {
  const day = await serverNow();
  day.setUTCDate(day.getUTCDate() + 3);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const date = day.toISOString().slice(0, 10);
  return { date, ics: date.replaceAll("-", "") };
}

describe("calendar connections", () => {
  it("a host connects Radicale, picks calendars; its events take times away and bookings land in it", {
    timeout: 150_000,
  }, async () => {
    const host = await seed.signUpHost({ name: "Cal Host", timeZone: "Europe/Berlin" });
    const eventType = await seed.createEventType(host);
    const work = await createCalendar(radicale, "work");
    await createCalendar(radicale, "holidays");
    const { date, ics } = await busyDay();
    await putEvent(
      radicale,
      work,
      "meeting",
      icsFile([
        "UID:e2e-busy",
        `DTSTART;TZID=Europe/Berlin:${ics}T100000`,
        `DTEND;TZID=Europe/Berlin:${ics}T110000`,
        "SUMMARY:Board meeting",
      ]),
    );

    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Calendars", host.email);
    await page.getByText("No calendar connected yet.").waitFor();
    await page.getByRole("button", { name: "Connect CalDAV calendar" }).click();
    const dialog = dashboard.dialog("Connect CalDAV calendar");
    await dialog.getByLabel("Server address").fill(radicale.url);
    await dialog.getByLabel("User name").fill(radicale.user);
    await dialog.getByLabel("App password").fill("wrong");
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await dialog
      .getByText("The calendar server refused this user name or app password.")
      .first()
      .waitFor();
    await dialog.getByLabel("App password").fill("e2e-app-password");
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await dashboard.toast("Calendar connected.");
    const card = page.getByRole("region", { name: /slotted/ });
    await card.getByText("Synced without problems.").waitFor();
    await card.getByText("1 busy block").waitFor();

    // Holidays do not block; bookings go into the work calendar.
    await card.getByLabel(/holidays/).uncheck();
    await dashboard.toast("Calendar settings saved.");
    const target = card.getByLabel("Add new bookings to");
    await target.selectOption({ label: "slotted/work" });
    await expect.poll(() => target.isEnabled()).toBe(true);
    expect(await target.inputValue()).not.toBe("");
    await dashboard.toast("Calendar settings saved.");
    expect(await card.getByLabel(/work/).first().isChecked()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    const invitee = new BookingPage((await session.newPage(context)).page);
    await invitee.open(`/${host.username}/${eventType.slug}?date=${date}`);
    await invitee.page.locator(`button[data-day="${date}"]:not([disabled])`).click();
    const times = invitee.timeSection();
    await times.getByRole("button").first().waitFor();
    const labels = await times.getByRole("button").allTextContents();
    const has = (time: RegExp) => labels.some((label) => time.test(label));
    expect(has(/(^|\D)0?9:30/), labels.join(" | ")).toBe(true);
    expect(has(/(^|\D)10:(00|30)/), labels.join(" | ")).toBe(false);
    expect(has(/(^|\D)11:00/), labels.join(" | ")).toBe(true);

    await times.getByRole("button").first().click();
    await invitee.page.getByRole("heading", { name: "Enter your details" }).waitFor();
    await invitee.fillDetails({ name: "Ivy Invitee", email: "ivy@example.com" });
    await invitee.schedule();
    await invitee.confirmed();

    // The server's calendar worker writes the booking into the work calendar.
    await expect
      .poll(
        async () =>
          [...(await calendarFiles(radicale, work)).values()].some((file) =>
            /^ATTENDEE;.*:mailto:ivy@example\.com$/im.test(file),
          ),
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(true);
  });

  it("a host makes a private feed address, copies it, makes a new one and turns it off", async () => {
    const host = await seed.signUpHost({ name: "Feed Host", timeZone: "Europe/Berlin" });
    const eventType = await seed.createEventType(host);
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Fern Invitee",
      email: "fern@example.com",
    });
    const { page, context: browser } = await session.newPage(context);
    await browser.grantPermissions(["clipboard-read", "clipboard-write"]);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Calendars", host.email);
    const card = page.getByRole("region", { name: "Your bookings in any calendar" });
    await card.getByText("No subscription address is turned on.").waitFor();
    const focused = (locator: ReturnType<typeof card.getByText>) =>
      locator.evaluate((element) => element === document.activeElement);
    const address = card.getByRole("textbox", { name: "Subscription address" });
    const status = (url: string) => fetch(url).then((response) => response.status);

    // Made: the address is focused and selected, and a status message says so.
    await card.getByRole("button", { name: "Make subscription address" }).click();
    await dashboard.toast(/Your subscription address is ready/);
    await expect.poll(() => focused(address)).toBe(true);
    const first = await address.inputValue();
    expect(first).toMatch(/\/api\/booking-feed\/[^/]+\.ics$/);
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR[\s\S]*fern@example\.com/);
    await card.getByRole("button", { name: "Copy address" }).click();
    await dashboard.toast("Copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await expectNoSeriousAxeViolations(page);

    // A new address replaces it: the old one stops working, focus lands on the new one.
    await card.getByRole("button", { name: "Make a new address" }).click();
    const regenerate = dashboard.dialog("Make a new subscription address?");
    await regenerate.getByRole("button", { name: "Make a new address" }).click();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    await expect.poll(() => focused(address)).toBe(true);
    const second = await address.inputValue();
    expect(await status(first)).toBe(404);
    expect(await status(second)).toBe(200);

    // Later visits only say that one is on: the address is not kept.
    await page.reload();
    await card.getByText(/A subscription address is on since/).waitFor();
    expect(await address.count()).toBe(0);

    await card.getByRole("button", { name: "Turn off" }).click();
    const off = dashboard.dialog("Turn off the subscription address?");
    await off.getByRole("button", { name: "Turn off" }).click();
    await dashboard.toast("The subscription address is turned off.");
    const offText = card.getByText("No subscription address is turned on.");
    await offText.waitFor();
    await expect.poll(() => focused(offText)).toBe(true);
    expect(await status(second)).toBe(404);
  });

  it("says plainly on the dashboard when a connection starts failing, and moves focus to it", {
    timeout: 90_000,
  }, async () => {
    const own = await startRadicale({ password: "before" });
    try {
      await createCalendar(own, "work");
      const host = await seed.signUpHost({ name: "Failing Host", timeZone: "Europe/Berlin" });
      const { page } = await session.newPage(context);
      const dashboard = new DashboardPage(page);
      await dashboard.signInTo("Calendars", host.email);
      await page.getByText("No calendar connected yet.").waitFor();
      await dashboard.api("POST", "/api/calendar-connections", {
        provider: "CALDAV",
        serverUrl: own.url,
        username: own.user,
        password: "before",
        name: "Team server",
      });
      await page.reload();
      const card = page.getByRole("region", { name: "Team server" });
      await card.getByText("Synced without problems.").waitFor();

      // The app password is revoked at the server: the next sync says so in plain words.
      own.setPassword("after");
      await card.getByRole("button", { name: "Sync now" }).click();
      const reason = card.getByText(
        "The server refused the user name or app password. It may have been changed or revoked: connect the calendar again.",
      );
      await reason.waitFor();
      await expect
        .poll(() => reason.evaluate((element) => element === document.activeElement))
        .toBe(true);
      expect(await card.getByText("Synced without problems.").count()).toBe(0);
      // The last good sync is still shown: the failure keeps the busy time read before it.
      await card.getByText(/^Last successful sync: /).waitFor();
      await expectNoSeriousAxeViolations(page);
    } finally {
      await own.stop();
    }
  });

  it("a collective meeting booked in the browser lands in both hosts' calendars, and its cancel removes it from both", {
    timeout: 240_000,
  }, async () => {
    const servers = [
      await startRadicale({ password: "pw-ada" }),
      await startRadicale({ password: "pw-bo" }),
    ];
    try {
      const hosts = [
        await seed.signUpHost({ name: "Ada Joint", timeZone: "Europe/Berlin" }),
        await seed.signUpHost({ name: "Bo Joint", timeZone: "Europe/Berlin" }),
      ];
      const calendars: string[] = [];
      for (const [index, host] of hosts.entries()) {
        const server = servers[index]!;
        calendars.push(await createCalendar(server, "bookings"));
        const connection = await seed.call<{ id: string; calendars: { id: string }[] }>(
          "POST",
          "/calendar-connections",
          {
            provider: "CALDAV",
            serverUrl: server.url,
            username: server.user,
            password: index === 0 ? "pw-ada" : "pw-bo",
          },
          host.headers,
        );
        await seed.call(
          "PATCH",
          `/calendar-connections/${connection.id}`,
          { writeCalendarId: connection.calendars[0]!.id },
          host.headers,
        );
      }
      const ada = hosts[0]!;
      const bo = hosts[1]!;
      const team = await seed.createTeam(ada, [bo]);
      const eventType = await seed.createEventType(ada, {
        kind: "COLLECTIVE",
        teamId: team.id,
        title: "Joint review",
        hosts: [{ userId: ada.id }, { userId: bo.id }],
      });

      const email = `${seed.unique()}@example.com`;
      const booking = new BookingPage((await session.newPage(context)).page);
      await booking.open(`/C/${eventType.sharedLink}/Joint-review`);
      await booking.chooseFirstDate();
      await booking.chooseTime(0);
      await booking.fillDetails({ name: "Jo Invitee", email });
      await booking.schedule();
      await booking.confirmed();

      // The server's calendar worker writes it into each host's write calendar.
      const holding = async () => {
        const found: boolean[] = [];
        for (const [index, server] of servers.entries()) {
          const files = [...(await calendarFiles(server, calendars[index]!)).values()];
          // calendarFiles unfolds the lines; the scheme's case is the writer's choice.
          found.push(files.some((file) => file.toLowerCase().includes(`mailto:${email}`)));
        }
        return found;
      };
      await expect.poll(holding, { timeout: 90_000, interval: 2_000 }).toEqual([true, true]);

      // The invitee cancels through their link: the entry leaves both calendars.
      const { cancel } = await seed.mailedLinks(email);
      const page = booking.page;
      await page.goto(cancel);
      await page.getByRole("heading", { name: "Cancel this event?" }).waitFor();
      await page.getByRole("button", { name: "Cancel event" }).click();
      await page.getByRole("heading", { name: "Cancelled" }).waitFor();
      await expect.poll(holding, { timeout: 90_000, interval: 2_000 }).toEqual([false, false]);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});

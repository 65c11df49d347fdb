import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { ReschedulePage } from "./pages/ReschedulePage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow } from "./support/clock";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("a recurring series", () => {
  it("is booked as four weekly meetings and mailed as one recurring invite", async () => {
    const host = await seed.signUpHost({ name: "Rita Host" });
    const eventType = await seed.createEventType(host, {
      title: "Weekly coaching",
      duration: 30,
      recurrence: { everyWeeks: 1, maxOccurrences: 6 },
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    const time = await booking.chooseTime(0);

    const meetings = await booking.chooseOccurrences(4);
    expect(meetings).toHaveLength(4);
    // One week apart on the calendar, each shown at the chosen time.
    const days = meetings.map((meeting) => Date.parse(meeting.start));
    expect(days.slice(1).map((day, i) => Math.round((day - days[i]!) / 86_400_000))).toEqual([
      7, 7, 7,
    ]);
    for (const meeting of meetings) expect(meeting.text).toContain(`, ${time}`);
    await expectNoSeriousAxeViolations(page);

    const email = `series-${seed.unique()}@example.com`;
    await booking.fillDetails({ name: "Sam Series", email });
    await booking.schedule();
    await booking.confirmed();
    const series = page.getByRole("region", { name: "Meetings of the series" });
    expect(await series.getByRole("listitem").count()).toBe(4);
    await expectNoSeriousAxeViolations(page);

    const mails = (await seed.mailbox()).filter((mail) => mail.to?.toLowerCase() === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Confirmed:/);
    const ics = (mails[0]!.ics ?? "").replace(/\r\n /g, "");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;COUNT=4;INTERVAL=1");
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T\d{6}/);
    expect(ics).toContain("BEGIN:VTIMEZONE");

    // The mail's cancel link manages the whole series: the second meeting goes, the rest stay.
    const cancelLink = /https?:\/\/[^/\s]+(\/cancel\/[^\s]+)/.exec(mails[0]!.text ?? "")?.[1];
    expect(cancelLink).toBeDefined();
    await page.goto(`${baseUrl()}${cancelLink}`);
    const meeting = page.getByLabel("Meeting to cancel");
    await meeting.waitFor();
    const options = await meeting.locator("option").allTextContents();
    expect(options).toHaveLength(4);
    await meeting.selectOption({ index: 1 });
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Cancel event" }).click();
    const listed = page
      .getByRole("region", { name: "Meetings of the series" })
      .getByRole("listitem");
    await listed.nth(1).getByText("cancelled").waitFor();
    expect(await listed.nth(0).textContent()).not.toContain("cancelled");
    expect(await meeting.locator("option").count()).toBe(3);

    const update = (await seed.mailbox()).filter((mail) => mail.to?.toLowerCase() === email);
    expect(update).toHaveLength(2);
    expect((update[0]!.ics ?? "").replace(/\r\n /g, "")).toMatch(/EXDATE;TZID=Europe\/Berlin:/);
  });

  it("lists each meeting at the time it is booked, where the spring gap skips the chosen time too", async () => {
    const host = await seed.signUpHost({ name: "Gus Gap" });
    const schedule = await seed.call<{ id: string }>(
      "POST",
      "/schedules",
      {
        name: "Sunday nights",
        timeZone: "Europe/Berlin",
        weekly: { SUN: [{ start: "01:00", end: "05:00" }] },
        overrides: [],
      },
      host.headers,
    );
    const eventType = await seed.createEventType(host, {
      title: "Night handover",
      duration: 30,
      scheduleId: schedule.id,
      maxDaysAhead: 730,
      recurrence: { everyWeeks: 1, maxOccurrences: 4 },
    });
    // Berlin's clocks jump from 02:00 to 03:00 on the last Sunday of March. A series from the
    // Sunday before at 02:30 meets at 03:30 that day (RFC 5545, as the invite's RRULE reads),
    // then at 02:30 again.
    const gap = springForwardAhead(await serverNow());
    const day = (offset: number) =>
      new Date(Date.parse(gap) + offset * 86_400_000).toISOString().slice(0, 10);
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}?month=${gap.slice(0, 7)}`);
    await booking.chooseDay(day(-7));
    await booking.chooseTimeLabelled("02:30");

    const meetings = await booking.chooseOccurrences(3);
    expect(meetings.map((meeting) => meeting.start)).toEqual([
      `${day(-7)}T01:30:00.000Z`,
      `${day(0)}T01:30:00.000Z`,
      `${day(7)}T00:30:00.000Z`,
    ]);
    expect(meetings[0]!.text).toContain("02:30");
    expect(meetings[1]!.text).toContain("03:30");
    expect(meetings[1]!.text).not.toContain("02:30");
    expect(meetings[2]!.text).toContain("02:30");

    await booking.fillDetails({ name: "Gia Gap", email: `gap-${seed.unique()}@example.com` });
    await booking.schedule();
    await booking.confirmed();
    // The booked series, as the server answers it, reads exactly as the preview did.
    const series = page.getByRole("region", { name: "Meetings of the series" });
    expect(await series.getByRole("listitem").allTextContents()).toEqual(
      meetings.map((meeting) => meeting.text),
    );
    const { bookings } = await seed.call<{ bookings: { start: string }[] }>(
      "GET",
      "/bookings?status=CONFIRMED",
      undefined,
      host.headers,
    );
    expect(bookings.map((b) => new Date(b.start).toISOString()).sort()).toEqual(
      meetings.map((meeting) => meeting.start),
    );
  });

  it("is cancelled by the host from one meeting on, all later meetings included", async () => {
    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    const host = newHost("Series");
    await dashboard.signUp(host);
    const type = await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Weekly sync",
      slug: `sync-${seed.unique()}`,
      duration: 30,
      recurrence: { everyWeeks: 1, maxOccurrences: 4 },
    });
    const invitee = {
      name: "Lou Later",
      email: `lou-${seed.unique()}@example.com`,
      occurrences: 3,
    };
    await seed.bookFirstSlot(
      { userLink: host.username, eventTypeLink: type.slug },
      `/timetable?userLink=${host.username}&eventTypeLink=${type.slug}`,
      invitee,
    );

    await dashboard.go("Bookings");
    const rows = page.getByRole("listitem").filter({ hasText: "Lou Later" });
    await rows.nth(2).waitFor();
    await rows
      .first()
      .getByRole("button", { name: /^Details/ })
      .click();
    const details = dashboard.dialog("Weekly sync");
    // The host moves the first meeting alone; the later ones stay where they were.
    const before = await dashboard.api("GET", "/api/bookings?status=CONFIRMED");
    const startsOf = (list: { start: string; attendees: { email: string }[] }[]) =>
      list
        .filter((b) => b.attendees.some((a) => a.email === invitee.email))
        .map((b) => b.start)
        .sort();
    const href = await details.getByRole("link", { name: /^Reschedule/ }).getAttribute("href");
    expect(href).toMatch(/\/reschedule\/by-host\//);
    await page.goto(href!);
    await new ReschedulePage(page).moveTo(1, "");
    const after = await dashboard.api("GET", "/api/bookings?status=CONFIRMED");
    const [firstBefore, ...laterBefore] = startsOf(before.bookings);
    const moved = startsOf(after.bookings);
    expect(moved).toHaveLength(3);
    expect(moved).not.toContain(firstBefore);
    expect(moved.slice(1)).toEqual(laterBefore);

    await page.goto(`${baseUrl()}/dashboard/bookings`);
    await rows.nth(2).waitFor();
    await rows
      .first()
      .getByRole("button", { name: /^Details/ })
      .click();
    await details.getByRole("button", { name: "Cancel booking" }).click();
    await details.getByLabel("Also cancel all later meetings of this series").check();
    await expectNoSeriousAxeViolations(page);
    await details.getByRole("button", { name: "Cancel the booking" }).click();
    await dashboard.toast(/Booking cancelled/);
    await page.getByRole("button", { name: "Cancelled" }).click();
    await rows.nth(2).waitFor();
    const cancelled = await dashboard.api("GET", "/api/bookings?status=CANCELLED");
    expect(
      cancelled.bookings.filter((b: { attendees: { email: string }[] }) =>
        b.attendees.some((a) => a.email === invitee.email),
      ),
    ).toHaveLength(3);
  });

  it("moves one meeting from the mail's reschedule link; the invite moves just that one", async () => {
    const host = await seed.signUpHost({ name: "Mo Host" });
    const eventType = await seed.createEventType(host, {
      title: "Weekly mentoring",
      duration: 30,
      recurrence: { everyWeeks: 1, maxOccurrences: 4 },
    });
    const email = `mover-${seed.unique()}@example.com`;
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const booked = (await seed.bookFirstSlot(
      link,
      `/timetable?userLink=${host.username}&eventTypeLink=${eventType.slug}`,
      { name: "Val Mover", email, occurrences: 3 } as { name: string; email: string },
    )) as Awaited<ReturnType<typeof seed.bookFirstSlot>> & {
      series: { occurrences: { uuid: string; start: string }[] };
    };
    const [first, second, third] = booked.series.occurrences;
    const { reschedule } = await seed.mailedLinks(email);

    const { page } = await session.newPage(context);
    const flow = new ReschedulePage(page);
    await flow.open(reschedule);
    const meeting = page.getByLabel("Meeting to move");
    await meeting.waitFor();
    expect(await meeting.locator("option").count()).toBe(3);
    await meeting.focus();
    await page.keyboard.press("ArrowDown");
    expect(await meeting.inputValue()).toBe(second!.uuid);
    await expectNoSeriousAxeViolations(page);
    await flow.moveTo(0, "Travelling");
    await expectNoSeriousAxeViolations(page);

    const view = await seed.call<{
      event: { series: { occurrences: { uuid: string; start: string }[] } };
    }>("GET", `/event/uuid/${first!.uuid}`);
    const now = new Map(view.event.series.occurrences.map((o) => [o.uuid, o.start]));
    expect(now.get(first!.uuid)).toBe(first!.start);
    expect(now.get(third!.uuid)).toBe(third!.start);
    expect(now.get(second!.uuid)).not.toBe(second!.start);

    const mails = (await seed.mailbox()).filter((mail) => mail.to?.toLowerCase() === email);
    expect(mails).toHaveLength(2);
    const update = mails.find((mail) => /^Rescheduled/.test(mail.subject ?? ""));
    const ics = (update?.ics ?? "").replace(/\r\n /g, "");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;COUNT=3;INTERVAL=1");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toMatch(/RECURRENCE-ID;TZID=Europe\/Berlin:\d{8}T\d{6}/);
  });

  it("offers the later meetings when the notice has closed the one the link names", async () => {
    const host = await seed.signUpHost({ name: "Nora Notice" });
    // Five days' notice: the first meeting (the first free time) is closer, the second is not.
    const eventType = await seed.createEventType(host, {
      title: "Weekly review",
      duration: 30,
      rescheduleNotice: 5 * 24 * 60,
      recurrence: { everyWeeks: 1, maxOccurrences: 4 },
    });
    const email = `notice-${seed.unique()}@example.com`;
    await seed.bookFirstSlot(
      { userLink: host.username, eventTypeLink: eventType.slug },
      `/timetable?userLink=${host.username}&eventTypeLink=${eventType.slug}`,
      { name: "Nico Notice", email, occurrences: 2 } as { name: string; email: string },
    );
    const { reschedule } = await seed.mailedLinks(email);
    const { page } = await session.newPage(context);
    const flow = new ReschedulePage(page);
    await page.goto(reschedule);
    await page.getByText("It is too late to reschedule this event online.").waitFor();
    const meeting = page.getByLabel("Meeting to move");
    await expectNoSeriousAxeViolations(page);
    await meeting.selectOption({ index: 1 });
    await page.getByText(/You can reschedule online until/).waitFor();
    await flow.moveTo(0, "");
    const mails = (await seed.mailbox()).filter((mail) => mail.to?.toLowerCase() === email);
    expect(mails.map((mail) => mail.subject?.split(":")[0]).sort()).toEqual([
      "Confirmed",
      "Rescheduled",
    ]);
  });
});

/** The next last Sunday of March (yyyy-MM-dd) whose Sunday before is bookable days after `now`. */
function springForwardAhead(now: Date): string {
  for (let year = now.getUTCFullYear(); ; year++) {
    const march31 = Date.UTC(year, 2, 31);
    const sunday = march31 - new Date(march31).getUTCDay() * 86_400_000;
    if (sunday - 7 * 86_400_000 > now.getTime() + 2 * 86_400_000) {
      return new Date(sunday).toISOString().slice(0, 10);
    }
  }
}

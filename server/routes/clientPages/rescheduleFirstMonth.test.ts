import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { monthTimetablePath } from "../../../core/routing/timetablePaths";
import { pageCacheControl } from "../../plugins/clientApp";
import { BOOKING_NOW, bookingBody, bookOk, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { loadFirstScreen } from "./firstScreen";
import type { RescheduleFirstMonthData } from "./rescheduleFirstMonth";

// An invitee's reschedule link arrives with its first month, as the booking page does (issue 36).

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const host = await signUpHost(t, { name: "Rania Host" });
const eventType = await createEventType(t, host, { title: "Planning call" });
const booking = await bookOk(t, bookingBody(userLink(host, eventType), { name: "Omar Invitee" }));
const { uuid, token } = booking.attendee;
const pagePath = `/reschedule/by-attendee/${uuid}`;

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

const firstScreen = (url: string, options?: Parameters<typeof pageRequest>[1]) =>
  loadFirstScreen(
    t.app,
    pageRequest(url, options),
    url.split("?")[0] ?? "/",
    BOOKING_NOW.getTime(),
  );

function dataOf(dataScript: string): RescheduleFirstMonthData {
  const json = /<script type="application\/json" id="first-month">(.*)<\/script>/s.exec(
    dataScript,
  )?.[1];
  if (json === undefined) throw new Error("no inlined data");
  return JSON.parse(json) as RescheduleFirstMonthData;
}

const dayLinks = (markup: string) =>
  [...markup.matchAll(/<a href="([^"]+)" data-day="([\d-]+)"/g)].map(([, href, day]) => ({
    href: href?.replaceAll("&amp;", "&"),
    day,
  }));

describe("an invitee's reschedule page, drawn by the server", () => {
  it("shows the former time beside the month's bookable dates (en), with the answers inlined", async () => {
    const page = await firstScreen(`${pagePath}?token=${token}`);
    if (page === null) throw new Error("no first month");
    expect(page.direction).toBe("ltr");
    expect(page.title).toBe("Reschedule event – Slotted");
    expect(page.markup).toContain('<h1 class="sr-only">Reschedule Planning call</h1>');
    expect(page.markup).toContain("Former time");
    // The booking: Monday 4 January 2027, 09:00 Berlin.
    expect(page.markup).toContain("Monday, January 4, 2027");
    expect(page.markup).toContain("January 2027");
    const links = dayLinks(page.markup);
    expect(links.length).toBeGreaterThan(10);
    // The links keep the link's token: they work without scripts.
    expect(links[0]?.href).toContain(`token=${token}`);

    const data = dataOf(page.dataScript);
    // Under the very paths the client asks (ReschedulePage's read, SlotPicker's month).
    expect(data.reschedule.path).toBe(`/reschedule/events/${uuid}?token=${token}`);
    expect(data.reschedule.body.invitee?.name).toBe("Omar Invitee");
    expect(data.timetables.map((entry) => entry.path)).toEqual([
      monthTimetablePath(
        { path: "/timetable-by-event", params: { attendeeUuid: uuid } },
        "2027-01",
        "Europe/Berlin",
        null,
      ),
    ]);
    expect(links.map((link) => link.day)).toEqual(
      data.timetables[0]?.body.timetable
        .filter((day) => Object.keys(day.slots).length > 0)
        .map((day) => day.date),
    );
    // The invitee's booking never goes to a shared cache, nor is it kept.
    expect(page.invitee).toBe(true);
    expect(pageCacheControl(page)).toBe("private, no-store");
    expect(page.dataScript.slice(0, -"</script>".length)).not.toContain("</");
  });

  it("comes in Arabic right to left, and in the Persian calendar for fa", async () => {
    const arabic = await firstScreen(`${pagePath}?token=${token}`, { language: "ar" });
    expect(arabic?.direction).toBe("rtl");
    expect(arabic?.markup).toContain("يناير");

    const persian = await firstScreen(`/rescheduling/${uuid}?token=${token}`, {
      language: "fa",
      cookies: { calendar_type: "persian" },
    });
    if (persian === null) throw new Error("no first month");
    expect(persian.language).toBe("fa");
    expect(persian.direction).toBe("rtl");
    expect(persian.markup).toMatch(/id="first-month-heading"[^>]*>[^<]*دی/);
    expect(persian.markup).toMatch(/data-day="2027-01-05"[^>]*>۱۵</);
    expect(dataOf(persian.dataScript).month).toBe("p1405-10");
    expect(pageCacheControl(persian)).toBe("private, no-store");
  });

  it("leaves the confirm step, cancelled bookings and hosts' pages to the client", async () => {
    expect(
      await firstScreen(`${pagePath}?token=${token}&date=2027-01-05&slot=2027-01-05T08:00:00Z`),
    ).toBeNull();
    expect(await firstScreen(`/reschedule/by-host/${booking.event.uuid}`)).toBeNull();
    expect(await firstScreen("/reschedule/by-attendee/no-such-attendee")).toBeNull();
    const other = await bookOk(
      t,
      bookingBody(userLink(host, eventType), { start: "2027-01-05T08:00:00.000Z" }),
    );
    const otherPage = `/reschedule/by-attendee/${other.attendee.uuid}?token=${other.attendee.token}`;
    expect(await firstScreen(otherPage)).not.toBeNull();
    const cancel = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${other.attendee.uuid}/cancel`,
      payload: { token: other.attendee.token, cancellation_reason: "No longer needed" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await firstScreen(otherPage)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  BOOKING_NOW,
  bookingBody,
  bookOk,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { pageExists } from "./pageExists";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const exists = (path: string) => pageExists(t.database.db, path);

describe("which client pages name something (404 for the rest)", () => {
  it("knows the static pages and refuses paths no route has", async () => {
    expect(await exists("/")).toBe(true);
    expect(await exists("/dashboard/event-types")).toBe(true);
    expect(await exists("/event/payment_error")).toBe(true);
    expect(await exists("/a/b/c/d/e")).toBe(false);
    expect(await exists("/RF/some-form")).toBe(false);
  });

  it("knows published users and teams, not unknown or unverified ones", async () => {
    const host = await signUpHost(t);
    const unverified = await signUpHost(t, {}, { verified: false });
    const team = await createTeam(t, host);
    expect(await exists(`/${host.username}`)).toBe(true);
    expect(await exists(`/${team.slug}`)).toBe(true);
    expect(await exists("/nobody-by-this-name")).toBe(false);
    expect(await exists(`/${unverified.username}`)).toBe(false);
  });

  it("knows bookable event types by user link, shared link and single-use link", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const off = await createEventType(t, host, { active: false });
    expect(await exists(`/${host.username}/${type.slug}`)).toBe(true);
    expect(await exists(`/${host.username}/${type.slug}/payment_error`)).toBe(true);
    expect(await exists(`/${host.username}/no-such-type`)).toBe(false);
    expect(await exists(`/${host.username}/${off.slug}`)).toBe(false);
    expect(await exists(`/${host.username}/${type.slug}/host/someone-else`)).toBe(false);
    expect(await exists(`/${host.username}/${type.slug}/host/${host.username}`)).toBe(true);

    const member = await signUpHost(t);
    const teamType = await teamEventType(t, "COLLECTIVE", [host, member]);
    expect(await exists(`/C/${teamType.sharedLink}/${teamType.slug}`)).toBe(true);
    expect(await exists("/C/nolinklikethis")).toBe(false);

    const link = (
      await t.request({
        method: "POST",
        url: `/api/event-types/${type.id}/single-use-links`,
        headers: host.headers,
      })
    ).json();
    expect(await exists(`/S/${link.link}`)).toBe(true);
    expect(await exists("/S/nolinklikethis")).toBe(false);
    // The confirmation of a booking made through it stays under it.
    const booked = await bookOk(t, bookingBody(userLink(host, type)));
    expect(await exists(`/S/${link.link}/booked/${booked.attendee.uuid}`)).toBe(true);
    expect(await exists(`/S/nolinklikethis/booked/${booked.attendee.uuid}`)).toBe(false);
    expect(await exists(`/S/${link.link}/booked/00000000-0000-4000-8000-000000000000`)).toBe(false);
  });

  it("knows meetings by event or attendee id, cancelled ones included", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const booked = await bookOk(t, bookingBody(userLink(host, type)));
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token: booked.attendee.token },
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await exists(`/event/${booked.event.uuid}`)).toBe(true);
    expect(await exists(`/event/${booked.event.uuid}/answer`)).toBe(true);
    expect(await exists(`/cancel/${booked.attendee.uuid}/${booked.attendee.token}`)).toBe(true);
    expect(await exists(`/reschedule/by-attendee/${booked.attendee.uuid}`)).toBe(true);
    expect(await exists(`/${host.username}/${type.slug}/${booked.event.uuid}`)).toBe(true);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await exists(`/event/${unknown}`)).toBe(false);
    expect(await exists(`/event/${unknown}/answer`)).toBe(false);
    expect(await exists(`/reschedule/by-host/${unknown}`)).toBe(false);
    expect(await exists("/event/not-a-uuid")).toBe(false);
  });
});

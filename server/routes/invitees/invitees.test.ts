import { describe, expect, it } from "vitest";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const get = (url: string) => t.request({ method: "GET", url });

describe("event and invitee reads", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  const type = await createEventType(t, host, {
    kind: "GROUP",
    seats: 3,
    title: "Workshop",
    description: "Hands-on session.",
  });
  const firstBody = bookingBody(userLink(host, type), { email: "first@example.com" });
  const first = await bookOk(t, firstBody);
  const second = await bookOk(
    t,
    bookingBody(userLink(host, type), { email: "second@example.com" }),
  );

  it("GET /api/event/uuid/{uuid} shows the event with calendar links and no attendee data", async () => {
    const response = await get(`/api/event/uuid/${first.event.uuid}`);
    expect(response.statusCode).toBe(200);
    const { event } = response.json();
    expect(event).toMatchObject({
      uuid: first.event.uuid,
      title: "Workshop",
      start: "2027-01-04T08:00:00.000Z",
      status: "CONFIRMED",
      hosts: [{ name: "Ada Host", username: host.username }],
      seats: { total: 3, taken: 2 },
      formerTime: null,
    });
    expect(new URL(event.calendarLinks.google).searchParams.get("dates")).toBe(
      "20270104T080000Z/20270104T083000Z",
    );
    expect(event.calendarLinks.outlook).toContain("outlook.live.com");
    expect(event.calendarLinks.office365).toContain("outlook.office.com");
    expect(event.calendarLinks.ics).toBe(
      `http://localhost:3000/api/event/uuid/${first.event.uuid}/ics`,
    );
    expect(response.body).not.toContain("@example.com");
    expect(response.body).not.toContain(host.email);
  });

  it("GET …/ics is an iCalendar file in UTC with the stable UID", async () => {
    const response = await get(`/api/event/uuid/${first.event.uuid}/ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/calendar");
    const ics = response.body;
    expect(ics).toContain(`UID:${first.event.uuid}@slotted`);
    expect(ics).toContain("DTSTART:20270104T080000Z");
    expect(ics).toContain("SEQUENCE:0");
    expect(ics).not.toContain("first@example.com");
  });

  it("GET …/ics names the host without their address, as the JSON view does", async () => {
    const ics = (await get(`/api/event/uuid/${first.event.uuid}/ics`)).body;
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    expect(unfolded).not.toContain(host.email);
    expect(unfolded).toMatch(/^ORGANIZER;CN="Ada Host":mailto:no-reply@localhost$/m);
  });

  it("GET …/ics with the attendee's token names them and the host, with their manage links", async () => {
    const { attendee } = first;
    const query = `attendee=${attendee.uuid}&token=${encodeURIComponent(attendee.token)}`;
    const response = await get(`/api/event/uuid/${first.event.uuid}/ics?${query}`);
    expect(response.statusCode).toBe(200);
    const unfolded = response.body.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toMatch(new RegExp(`^ORGANIZER;CN="Ada Host":mailto:${host.email}$`, "m"));
    expect(unfolded).toMatch(/^ATTENDEE;.*:mailto:first@example\.com$/im);
    expect(unfolded).not.toContain("second@example.com");
    const description = /^DESCRIPTION:(.*)$/m.exec(unfolded)?.[1];
    expect(description).toBe(
      [
        "Hands-on session.",
        `Reschedule: http://localhost:3000/reschedule/by-attendee/${attendee.uuid}?token=${encodeURIComponent(attendee.token)}`,
        `Cancel: http://localhost:3000/cancel/${attendee.uuid}/${encodeURIComponent(attendee.token)}`,
      ]
        .join("\\n\\n")
        .replace(/[,;]/g, (c) => `\\${c}`),
    );
  });

  it("GET …/ics without a token carries the description but no attendee and no links", async () => {
    const unfolded = (await get(`/api/event/uuid/${first.event.uuid}/ics`)).body.replace(
      /\r\n[ \t]/g,
      "",
    );
    expect(unfolded).toMatch(/^DESCRIPTION:Hands-on session\.$/m);
    expect(unfolded).not.toMatch(/^ATTENDEE/m);
  });

  it("GET …/ics refuses a wrong token (403) and another event's attendee (404)", async () => {
    const url = `/api/event/uuid/${first.event.uuid}/ics?attendee=${first.attendee.uuid}`;
    const wrong = await get(`${url}&token=${encodeURIComponent(second.attendee.token)}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: expect.any(String) });
    const missing = await get(url);
    expect(missing.statusCode).toBe(403);
    const otherType = await createEventType(t, host, { title: "Other" });
    const other = await bookOk(
      t,
      bookingBody(userLink(host, otherType), {
        email: "o@example.com",
        start: berlinSlot(0, "11:00"),
      }),
    );
    const elsewhere = await get(
      `/api/event/uuid/${first.event.uuid}/ics?attendee=${other.attendee.uuid}&token=${encodeURIComponent(other.attendee.token)}`,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it("GET /api/invitee/{id} shows the invitee their own details with their token only", async () => {
    const response = await get(
      `/api/invitee/${first.attendee.uuid}?token=${encodeURIComponent(first.attendee.token)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().invitee).toMatchObject({
      uuid: first.attendee.uuid,
      email: "first@example.com",
      name: firstBody.name,
    });
    expect(response.body).not.toContain("second@example.com");
    expect(second.event.uuid).toBe(first.event.uuid);
  });

  it("GET /api/invitee/{id} without the token, or with another's, tells nothing personal", async () => {
    const urls = [
      `/api/invitee/${first.attendee.uuid}`,
      `/api/invitee/${first.attendee.uuid}?token=${encodeURIComponent(second.attendee.token)}`,
      `/api/invitee/${first.attendee.uuid}?token=`,
      `/api/invitee/${host.username}/${type.slug}/${first.attendee.uuid}`,
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().invitee, url).toEqual({
        uuid: first.attendee.uuid,
        status: "CONFIRMED",
      });
      expect(response.json().event.uuid).toBe(first.event.uuid);
      expect(response.body).not.toContain("first@example.com");
      expect(response.body).not.toContain(String(firstBody.name));
    }
  });

  it("GET /api/invitee/{id} shows a host of the event the details; other hosts not", async () => {
    const own = await t.request({
      method: "GET",
      url: `/api/invitee/${first.attendee.uuid}`,
      headers: host.headers,
    });
    expect(own.json().invitee.email).toBe("first@example.com");
    const stranger = await signUpHost(t);
    const other = await t.request({
      method: "GET",
      url: `/api/invitee/${first.attendee.uuid}`,
      headers: stranger.headers,
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain("first@example.com");
  });

  it("GET /api/invitee/{user}/{eventType}/{id} checks the path", async () => {
    const ok = await get(
      `/api/invitee/${host.username}/${type.slug}/${first.attendee.uuid}?token=${first.attendee.token}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().invitee.email).toBe("first@example.com");
    const wrong = await get(`/api/invitee/${host.username}/other/${first.attendee.uuid}`);
    expect(wrong.statusCode).toBe(404);
    expect((await get("/api/invitee/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get("/api/event/uuid/not-a-uuid")).statusCode).toBe(404);
  });
});

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

describe("GET /api/bookings", () => {
  it("lists the host's bookings with attendees, filtered by status and dates", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const type = await createEventType(t, host);
    const monday = await bookOk(t, bookingBody(userLink(host, type), { email: "a@example.com" }));
    const tuesdayBody = bookingBody(userLink(host, type), { start: berlinSlot(1, "10:00") });
    await bookOk(t, tuesdayBody);
    await t.request({
      method: "PUT",
      url: `/api/event/uuid/${monday.event.uuid}/cancel`,
      headers: host.headers,
      payload: { cancellation_reason: "No" },
    });
    const list = async (query = "") => {
      const response = await t.request({
        method: "GET",
        url: `/api/bookings${query}`,
        headers: host.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().bookings as { uuid: string; status: string; attendees: unknown[] }[];
    };
    const all = await list();
    expect(all.map((b) => b.status)).toEqual(["CANCELLED", "CONFIRMED"]);
    expect(all[0]).toMatchObject({
      uuid: monday.event.uuid,
      cancellationReason: "No",
      eventType: { slug: type.slug },
      attendees: [expect.objectContaining({ email: "a@example.com", status: "CANCELLED" })],
    });
    expect((await list("?status=CONFIRMED")).map((b) => b.status)).toEqual(["CONFIRMED"]);
    expect(await list("?from=2027-01-05")).toHaveLength(1);
    expect(await list("?to=2027-01-04")).toHaveLength(1);
    expect(await list("?from=2027-01-06")).toHaveLength(0);
    const otherList = await t.request({
      method: "GET",
      url: "/api/bookings",
      headers: other.headers,
    });
    expect(otherList.json().bookings).toEqual([]);
    expect((await t.request({ method: "GET", url: "/api/bookings" })).statusCode).toBe(401);
    const bad = await t.request({
      method: "GET",
      url: "/api/bookings?status=NOPE",
      headers: host.headers,
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("GET /api/bookings date filters", () => {
  it("refuses dates and instants outside 1970 to 9999 with the field named, never a 500", async () => {
    const host = await signUpHost(t);
    const get = (query: string) =>
      t.request({ method: "GET", url: `/api/bookings?${query}`, headers: host.headers });
    for (const query of [
      "from=0000-01-01",
      "to=0000-01-01T00:00:00Z",
      "from=-000001-01-01T00:00:00Z",
      "to=%2B275760-09-13T00:00:00Z",
      "from=1969-12-31",
    ]) {
      const response = await get(query);
      const field = query.split("=")[0]!;
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toEqual({
        message: "Use a date between 1970-01-01 and 9999-12-31.",
        errors: { [field]: ["Use a date between 1970-01-01 and 9999-12-31."] },
      });
    }
    const malformed = await get("from=soon");
    expect(malformed.json().errors).toEqual({
      from: ["Use a date like 2026-11-23 or an ISO instant."],
    });
    expect((await get("from=9999-12-31&to=2027-01-04T10:00:00%2B01:00")).statusCode).toBe(200);
  });
});

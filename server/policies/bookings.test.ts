import { describe, expect, it } from "vitest";
import type { AttendeeRow } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import { bookDirectly } from "../test/bookingCommands";
import { berlinSlot, teamEventType, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import {
  assertAttendeeToken,
  assertCanManageEvent,
  attendeeWithToken,
  canManageEvent,
  canReadAttendee,
  hasAttendeeToken,
} from "./bookings";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });

const attendee = (id: string, cancelToken: string) => ({ id, cancelToken }) as AttendeeRow;

describe("canManageEvent", () => {
  const personal = { userId: "owner", teamId: null };
  const team = { userId: null, teamId: "team" };
  const nobody = { isHost: false, teamRole: null };

  it("lets the event type's owner, a host of the event, and an admin of its team manage it", () => {
    expect(canManageEvent("owner", personal, nobody)).toBe(true);
    expect(canManageEvent("host", team, { isHost: true, teamRole: "member" })).toBe(true);
    expect(canManageEvent("admin", team, { isHost: false, teamRole: "admin" })).toBe(true);
  });

  it("refuses a plain member of the team who does not host it, and anyone else", () => {
    expect(canManageEvent("member", team, { isHost: false, teamRole: "member" })).toBe(false);
    expect(canManageEvent("stranger", personal, nobody)).toBe(false);
    expect(canManageEvent("stranger", team, nobody)).toBe(false);
  });
});

describe("attendee secrets", () => {
  const grace = attendee("grace", "grace-secret");
  const alan = attendee("alan", "alan-secret");

  it("accepts the attendee's own secret only", () => {
    expect(hasAttendeeToken(grace, "grace-secret")).toBe(true);
    for (const token of [undefined, "", "alan-secret", "grace-secret ", "grace-secre"]) {
      expect(hasAttendeeToken(grace, token)).toBe(false);
    }
    expect(() => assertAttendeeToken(grace, "alan-secret")).toThrow(
      expect.objectContaining({
        code: "FORBIDDEN",
        detail: { key: "booking.linkNotValid", params: {} },
      }),
    );
  });

  it("finds the attendee a secret belongs to among several", () => {
    expect(attendeeWithToken([grace, alan], "alan-secret")).toBe(alan);
    expect(attendeeWithToken([grace, alan], "nobody's")).toBeUndefined();
    expect(attendeeWithToken([grace, alan], undefined)).toBeUndefined();
  });
});

describe("with the database", () => {
  it("loads who hosts the event and who administers its team", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const stranger = await signUpHost(t);
    const type = await teamEventType(t, "COLLECTIVE", [admin, member]);
    const { event, attendee: booked } = await bookDirectly(
      t,
      { sharedLink: type.sharedLink },
      {
        start: berlinSlot(0, "09:00"),
      },
    );
    const eventType = (await findEventType(t.database.db, type.id))!;
    await assertCanManageEvent(t.database.db, member.id, event.id, eventType);
    await assertCanManageEvent(t.database.db, admin.id, event.id, eventType);
    await expect(
      assertCanManageEvent(t.database.db, stranger.id, event.id, eventType),
    ).rejects.toMatchObject({ code: "NOT_FOUND", detail: { key: "booking.notFound" } });

    const read = (caller: { token?: string; userId?: string }) =>
      canReadAttendee(t.database.db, booked, eventType, {
        token: caller.token,
        userId: caller.userId,
      });
    expect(await read({ token: booked.cancelToken })).toBe(true);
    expect(await read({ token: "wrong", userId: member.id })).toBe(false);
    expect(await read({ userId: member.id })).toBe(true);
    expect(await read({ userId: stranger.id })).toBe(false);
    expect(await read({})).toBe(false);
  });

  it("lets the owner of a personal event type manage its events", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(0, "10:00"),
    });
    await assertCanManageEvent(t.database.db, host.id, event.id, { userId: host.id, teamId: null });
  });
});

import { describe, expect, it } from "vitest";
import { findAttendees } from "../data/bookings";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { berlinSlot, teamEventType, userLink } from "../test/bookingFactories";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { eventCanceller } from "./eventCanceller";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = () => commandContext(t);

describe("eventCanceller", () => {
  it("cancels the event for every attendee", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    const start = berlinSlot(0, "09:00");
    const { event } = await bookDirectly(t, userLink(host, type), { start });
    await bookDirectly(t, userLink(host, type), { start });
    const result = await eventCanceller(context(), host.id, event.id, "storm");
    expect(result).toMatchObject({ eventCancelled: true, event: { status: "CANCELLED" } });
    expect(await findAttendees(db, event.id)).toEqual([]);
  });

  it("lets a host of the event and an admin of its team cancel; anyone else gets NOT_FOUND", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const stranger = await signUpHost(t);
    const type = await teamEventType(t, "COLLECTIVE", [admin, member]);
    const booked = await bookDirectly(
      t,
      { sharedLink: type.sharedLink },
      {
        start: berlinSlot(0, "10:00"),
      },
    );
    await expect(eventCanceller(context(), stranger.id, booked.event.id, "")).rejects.toMatchObject(
      { code: "NOT_FOUND", detail: { key: "booking.notFound" } },
    );
    await eventCanceller(context(), member.id, booked.event.id, "");

    const other = await signUpHost(t);
    const another = await signUpHost(t);
    const team = await createTeam(t, admin, [other, another]);
    const teamType = await createEventType(t, admin, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: other.id, priority: 0 },
        { userId: another.id, priority: 0 },
      ],
    });
    const second = await bookDirectly(
      t,
      { sharedLink: teamType.sharedLink },
      {
        start: berlinSlot(0, "11:00"),
      },
    );
    // The admin does not host this one, and cancels it as the team's admin.
    await eventCanceller(context(), admin.id, second.event.id, "");
  });

  it("refuses an event already cancelled (CONFLICT) and an unknown one (NOT_FOUND)", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(1, "09:00"),
    });
    await eventCanceller(context(), host.id, event.id, "");
    await expect(eventCanceller(context(), host.id, event.id, "")).rejects.toMatchObject({
      code: "CONFLICT",
      detail: { key: "booking.alreadyCancelled" },
    });
    await expect(
      eventCanceller(context(), host.id, "00000000-0000-4000-8000-000000000000", ""),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

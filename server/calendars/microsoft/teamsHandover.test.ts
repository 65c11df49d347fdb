import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { events } from "../../db/schema";
import { berlinSlot, bookingBody, bookOk, teamEventType } from "../../test/bookingFactories";
import { signUpHost } from "../../test/factories";
import { writeDue } from "../testing/meetingLinkSteps";
import { microsoftTestApp } from "../testing/microsoftTestApp";

// A Teams meeting is made with the host's Outlook event and goes with it: a round-robin booking
// reassigned to another host gets a new Teams meeting with the new host's event, and its link
// replaces the former one (which was cancelled with the former host's event).

const { ms, t, connectMicrosoft, writeContext } = await microsoftTestApp();

describe("a round-robin Teams meeting reassigned to another host", async () => {
  const ada = await signUpHost(t, { name: "Ada Host" });
  const bo = await signUpHost(t, { name: "Bo Host" });
  await connectMicrosoft(ada);
  await connectMicrosoft(bo);
  const type = await teamEventType(t, "ROUND_ROBIN", [ada, bo], {
    title: "Teams handover",
    locations: [{ type: "MICROSOFT_TEAMS_MEETING", options: {} }],
    hosts: [
      { userId: ada.id, priority: 1 },
      { userId: bo.id, priority: 0 },
    ],
  });
  const booked = await bookOk(
    t,
    bookingBody(
      { sharedLink: type.sharedLink },
      { start: berlinSlot(3, "09:00"), location: { type: "MICROSOFT_TEAMS_MEETING" } },
    ),
  );
  const eventId = booked.event.uuid;
  const mine = () => [...ms.events.values()].filter((e) => e.transactionId === eventId);
  const locationOf = async () =>
    (
      await t.database.db
        .select({ location: events.location })
        .from(events)
        .where(eq(events.id, eventId))
    )[0]!.location;

  it("gets the new host's Teams link in place of the former host's", async () => {
    await writeDue(t, writeContext());
    const [first] = mine();
    const former = first!.onlineMeeting!.joinUrl;
    expect(await locationOf()).toEqual({ type: "MICROSOFT_TEAMS_MEETING", value: former });
    const handed = await t.request({
      method: "POST",
      url: `/api/reschedule/round-robin/${eventId}`,
      headers: ada.headers,
      payload: { hostId: bo.id },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    await drainChanges(t);
    expect(await locationOf()).toEqual({ type: "MICROSOFT_TEAMS_MEETING" });
    await writeDue(t, writeContext());
    const now = mine();
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(first!.id);
    const made = now[0]!.onlineMeeting!.joinUrl;
    expect(made).not.toBe(former);
    expect(await locationOf()).toEqual({ type: "MICROSOFT_TEAMS_MEETING", value: made });
  });
});

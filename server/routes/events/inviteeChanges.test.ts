import { describe, expect, it } from "vitest";
import { renderMail } from "../../mail/renderMail";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

// BOOKING_NOW is Monday 2027-01-04 06:00Z (07:00 Berlin); berlinSlot(0, "09:00") is 08:00Z.
async function booked(host: Host, overrides: Record<string, unknown>, start: string) {
  const type = await createEventType(t, host, overrides);
  const body = bookingBody(userLink(host, type), { start });
  const answer = await bookOk(t, body);
  const [mail] = await bookingMailsTo(t, body.email as string);
  const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
  return { type, answer, token };
}

const cancel = (uuid: string, payload: Record<string, unknown>, headers = {}) =>
  t.request({ method: "PUT", url: `/api/event/uuid/${uuid}/cancel`, payload, headers });
const reschedule = (payload: Record<string, unknown>, headers = {}) =>
  t.request({ method: "POST", url: "/api/event/reschedule", payload, headers });

describe("cancellation and rescheduling notice", () => {
  it("refuses the invitee's cancel inside the notice with a translated 409, not the host's", async () => {
    const host = await signUpHost(t);
    // 24 hours' notice; the meeting is 2 hours away.
    const { answer, token } = await booked(host, { cancelNotice: 24 * 60 }, berlinSlot(0, "09:00"));
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${answer.event.uuid}` });
    expect(view.json().event.inviteeChanges).toEqual({
      cancelUntil: "2027-01-03T08:00:00.000Z",
      rescheduleUntil: "2027-01-04T08:00:00.000Z",
    });

    const refused = await cancel(
      answer.attendee.uuid,
      { token, cancellation_reason: "" },
      { "accept-language": "de" },
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      "Für eine Online-Absage dieses Termins ist es zu spät. Bitte wenden Sie sich an den Gastgeber.",
    );
    const still = await t.request({ method: "GET", url: `/api/event/uuid/${answer.event.uuid}` });
    expect(still.json().event.status).toBe("CONFIRMED");

    const byHost = await cancel(answer.event.uuid, { cancellation_reason: "" }, host.headers);
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect(byHost.json().event.status).toBe("CANCELLED");
  });

  it("lets the invitee cancel before the notice", async () => {
    const host = await signUpHost(t);
    const { answer, token } = await booked(host, { cancelNotice: 24 * 60 }, berlinSlot(3, "09:00"));
    const response = await cancel(answer.attendee.uuid, { token, cancellation_reason: "" });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("refuses an invitee's reschedule when the type does not allow it, not the host's", async () => {
    const host = await signUpHost(t);
    const { answer, token } = await booked(
      host,
      { allowReschedule: false },
      berlinSlot(3, "09:00"),
    );
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${answer.event.uuid}` });
    expect(view.json().event.inviteeChanges.rescheduleUntil).toBeNull();
    const refused = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token,
      start: berlinSlot(4, "10:00"),
      timezone: "Europe/Berlin",
      reason: "",
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      "The host does not allow rescheduling this meeting online. Please contact them to change the time.",
    );
    const byHost = await reschedule(
      {
        eventUuid: answer.event.uuid,
        start: berlinSlot(4, "10:00"),
        timezone: "Europe/Berlin",
        reason: "",
      },
      host.headers,
    );
    expect(byHost.statusCode, byHost.body).toBe(200);
  });

  it("refuses an invitee's reschedule inside the notice and their cancel when not allowed", async () => {
    const host = await signUpHost(t);
    const { answer, token } = await booked(
      host,
      { rescheduleNotice: 4 * 60, allowCancel: false },
      berlinSlot(0, "10:00"),
    );
    const late = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token,
      start: berlinSlot(2, "10:00"),
      timezone: "Europe/Berlin",
      reason: "",
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toMatch(/too late to reschedule/);
    const never = await cancel(answer.attendee.uuid, { token, cancellation_reason: "" });
    expect(never.statusCode, never.body).toBe(409);
    expect(never.json().message).toMatch(/does not allow cancelling/);
  });

  it("says in the invitee's mail which changes are closed and until when the others are open", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { allowCancel: false, rescheduleNotice: 24 * 60 });
    const body = bookingBody(userLink(host, type), { start: berlinSlot(3, "09:00") });
    await bookOk(t, body);
    const [mail] = await bookingMailsTo(t, body.email as string);
    expect(mail!.data.inviteeChanges).toEqual({
      cancelUntil: null,
      rescheduleUntil: "2027-01-06T08:00:00.000Z",
    });
    const { text, html } = renderMail(mail!);
    expect(text).toContain("Cancelling online is not possible; please contact the host.");
    expect(text).toMatch(
      /Reschedule \(online until Wednesday, January 6.*9:00.*\(Europe\/Berlin\)\)/,
    );
    expect(html).toContain("Cancelling online is not possible");
    expect(html).toContain(mail!.data.rescheduleUrl);
  });

  it("keeps the settings on the event type and checks their range", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      allowCancel: false,
      rescheduleNotice: 90,
    });
    expect(type).toMatchObject({
      allowCancel: false,
      allowReschedule: true,
      cancelNotice: 0,
      rescheduleNotice: 90,
    });
    const bad = await t.request({
      method: "PATCH",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
      payload: { cancelNotice: -5 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["cancelNotice"]);
  });
});

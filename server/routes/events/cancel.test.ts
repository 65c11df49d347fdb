import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hostBusy } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

/** The invitee's secret, as their cancel link in the confirmation mail carries it. */
async function tokenOf(email: string): Promise<string> {
  const [mail] = await bookingMailsTo(t, email);
  return mail!.data.cancelUrl!.split("/").at(-1)!;
}

const cancel = (uuid: string, payload: Record<string, unknown>, headers = {}) =>
  t.request({ method: "PUT", url: `/api/event/uuid/${uuid}/cancel`, payload, headers });

async function booked(host: Host, start?: string) {
  const type = await createEventType(t, host);
  const body = bookingBody(userLink(host, type), start ? { start } : {});
  const answer = await bookOk(t, body);
  return { type, body, answer, email: body.email as string };
}

describe("cancel by the invitee", () => {
  it("cancels with the link's token, frees the slot and mails everyone with METHOD:CANCEL", async () => {
    const host = await signUpHost(t);
    const { type, body, answer, email } = await booked(host);
    const token = await tokenOf(email);
    const response = await cancel(answer.attendee.uuid, {
      cancellation_reason: "Sick <script>",
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      eventCancelled: true,
      event: { uuid: answer.event.uuid, status: "CANCELLED", cancellationReason: "Sick <script>" },
    });
    const busy = await t.database.db
      .select()
      .from(hostBusy)
      .where(eq(hostBusy.eventId, answer.event.uuid));
    expect(busy).toEqual([]);
    // The time is free again.
    await bookOk(t, bookingBody(userLink(host, type), { start: body.start }));

    const hostMails = await bookingMailsTo(t, host.email);
    expect(hostMails.map((m) => m.template)).toContain("bookingCancelled");
    const [, cancelled] = await bookingMailsTo(t, email);
    expect(cancelled).toMatchObject({
      template: "bookingCancelled",
      data: { reason: "Sick <script>" },
    });
  });

  it("accepts the token in the query too", async () => {
    const host = await signUpHost(t);
    const { answer, email } = await booked(host);
    const token = await tokenOf(email);
    const response = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${answer.attendee.uuid}/cancel?token=${encodeURIComponent(token)}`,
      payload: { cancellation_reason: "" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a wrong or missing token, another invitee's token, and a second cancel", async () => {
    const host = await signUpHost(t);
    const mine = await booked(host);
    const other = await booked(host, berlinSlot(0, "11:00"));
    const otherToken = await tokenOf(other.email);
    expect((await cancel(mine.answer.attendee.uuid, { token: "wrong" })).statusCode).toBe(403);
    expect((await cancel(mine.answer.attendee.uuid, { token: otherToken })).statusCode).toBe(403);
    expect((await cancel(mine.answer.attendee.uuid, {})).statusCode).toBe(403);
    expect(
      (await cancel("00000000-0000-4000-8000-000000000000", { token: otherToken })).statusCode,
    ).toBe(404);
    const token = await tokenOf(mine.email);
    expect((await cancel(mine.answer.attendee.uuid, { token })).statusCode).toBe(200);
    expect((await cancel(mine.answer.attendee.uuid, { token })).statusCode).toBe(409);
  });

  it("limits the reason to 256 characters", async () => {
    const host = await signUpHost(t);
    const { answer, email } = await booked(host);
    const token = await tokenOf(email);
    const long = await cancel(answer.attendee.uuid, {
      token,
      cancellation_reason: "x".repeat(257),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ cancellation_reason: ["At most 256 characters."] });
    const ok = await cancel(answer.attendee.uuid, { token, cancellation_reason: "x".repeat(256) });
    expect(ok.statusCode).toBe(200);
  });

  it("in a GROUP event frees one seat and the event goes on", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 2 });
    const firstBody = bookingBody(userLink(host, type));
    const first = await bookOk(t, firstBody);
    await bookOk(t, bookingBody(userLink(host, type)));
    expect((await book(t, bookingBody(userLink(host, type)))).statusCode).toBe(409);
    const response = await cancel(first.attendee.uuid, {
      token: await tokenOf(firstBody.email as string),
    });
    expect(response.json()).toMatchObject({
      eventCancelled: false,
      event: { status: "CONFIRMED", seats: { total: 2, taken: 1 } },
    });
    await bookOk(t, bookingBody(userLink(host, type)));
    const [, toHost] = (await bookingMailsTo(t, host.email)).filter(
      (m) => m.template === "bookingCancelled",
    );
    expect(toHost).toBeUndefined();
  });
});

describe("cancel by the host", () => {
  it("cancels the event for every attendee", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    const a = bookingBody(userLink(host, type));
    const b = bookingBody(userLink(host, type));
    const first = await bookOk(t, a);
    await bookOk(t, b);
    const response = await cancel(
      first.event.uuid,
      { cancellation_reason: "Host ill" },
      host.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event).toMatchObject({ status: "CANCELLED", seats: { taken: 0 } });
    for (const email of [a.email, b.email] as string[]) {
      const mails = await bookingMailsTo(t, email);
      expect(mails.at(-1)).toMatchObject({
        template: "bookingCancelled",
        data: { reason: "Host ill" },
      });
    }
    await bookOk(t, bookingBody(userLink(host, type)));
  });

  it("is refused to another host and to anonymous callers", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const { answer } = await booked(host);
    expect((await cancel(answer.event.uuid, {}, stranger.headers)).statusCode).toBe(404);
    expect((await cancel(answer.event.uuid, {})).statusCode).toBe(403);
  });
});

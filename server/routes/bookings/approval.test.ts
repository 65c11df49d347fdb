import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestSignature } from "../../booking/requestLinks";
import { expiredRequestSweeper } from "../../commands/expiredRequestSweeper";
import { bookingChanges, hostBusy } from "../../db/schema";
import { renderMail } from "../../mail/renderMail";
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

async function requested(host: Host, start = berlinSlot(1, "09:00")) {
  const type = await createEventType(t, host, { requiresApproval: true });
  const body = bookingBody(userLink(host, type), { start });
  const answer = await bookOk(t, body);
  return { type, body, answer, email: body.email as string };
}

const answer = (host: Host, uuid: string, verb: "approve" | "decline", payload?: object) =>
  t.request({
    method: "POST",
    url: `/api/bookings/${uuid}/${verb}`,
    headers: host.headers,
    ...(payload ? { payload } : {}),
  });

async function busyRows(eventId: string) {
  return t.database.db.select().from(hostBusy).where(eq(hostBusy.eventId, eventId));
}

/** Who made the changes of `kind` of the meeting, oldest first. */
async function actorsOf(eventId: string, kind: "approved" | "declined") {
  const rows = await t.database.db
    .select({ actor: bookingChanges.actor })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.eventId, eventId), eq(bookingChanges.kind, kind)))
    .orderBy(bookingChanges.id);
  return rows.map((row) => row.actor);
}

describe("booking requests (requires approval)", () => {
  it("are written PENDING_APPROVAL, hold their time (a second overlapping one is 409) and mail no invite", async () => {
    const host = await signUpHost(t);
    const { type, body, answer: booked, email } = await requested(host);
    expect(type.requiresApproval).toBe(true);
    expect(booked.event.status).toBe("PENDING_APPROVAL");
    expect(await busyRows(booked.event.uuid)).toHaveLength(1);

    const second = await book(t, bookingBody(userLink(host, type), { start: body.start }));
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe("SLOT_NOT_AVAILABLE_ANYMORE");

    const [toInvitee] = await bookingMailsTo(t, email);
    expect(toInvitee!.template).toBe("bookingRequested");
    const rendered = renderMail(toInvitee!);
    expect(rendered.ics).toBeNull();
    expect(rendered.text).toContain("You will get the calendar invitation once they approve it.");
    const [toHost] = await bookingMailsTo(t, host.email);
    expect(toHost).toMatchObject({ template: "bookingRequested", data: { role: "host" } });
    expect(toHost!.data.actionUrl).toMatch(
      new RegExp(
        `^http://localhost:3000/event/${booked.event.uuid}/answer\\?host=${host.id}&sig=[\\w-]{43}$`,
      ),
    );
    expect(renderMail(toHost!).text).toContain("Approve or decline");

    const view = await t.request({ method: "GET", url: `/api/event/uuid/${booked.event.uuid}` });
    expect(view.json().event.status).toBe("PENDING_APPROVAL");
  });

  it("are confirmed by the host's approval, with the invite, once", async () => {
    const host = await signUpHost(t);
    const { answer: booked, email } = await requested(host);
    const approved = await answer(host, booked.event.uuid, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().event).toMatchObject({ uuid: booked.event.uuid, status: "CONFIRMED" });
    const mails = await bookingMailsTo(t, email);
    expect(mails.map((m) => m.template)).toEqual(["bookingRequested", "bookingConfirmed"]);
    expect(renderMail(mails[1]!).ics?.method).toBe("REQUEST");
    expect(await busyRows(booked.event.uuid)).toHaveLength(1);

    const again = await answer(host, booked.event.uuid, "approve");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This booking is not awaiting approval.");
  });

  it("are declined with a reason: the time is free again and the invitee told", async () => {
    const host = await signUpHost(t);
    const { type, body, answer: booked, email } = await requested(host);
    const declined = await answer(host, booked.event.uuid, "decline", { reason: "Away that day" });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().event.status).toBe("CANCELLED");
    expect(await busyRows(booked.event.uuid)).toEqual([]);
    const mails = await bookingMailsTo(t, email);
    expect(mails.at(-1)).toMatchObject({
      template: "bookingDeclined",
      data: { reason: "Away that day" },
    });
    const rendered = renderMail(mails.at(-1)!);
    expect(rendered.ics).toBeNull();
    expect(rendered.text).toContain("Away that day");
    await bookOk(t, bookingBody(userLink(host, type), { start: body.start }));
  });

  it("are answered only by their hosts: another host gets 404 and nothing changes", async () => {
    const [host, other] = [await signUpHost(t), await signUpHost(t)];
    const { answer: booked } = await requested(host);
    for (const verb of ["approve", "decline"] as const) {
      const response = await answer(
        other,
        booked.event.uuid,
        verb,
        verb === "decline" ? {} : undefined,
      );
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await t.request({
      method: "POST",
      url: `/api/bookings/${booked.event.uuid}/approve`,
    });
    expect(anonymous.statusCode).toBe(401);
    const tooLong = await answer(host, booked.event.uuid, "decline", { reason: "x".repeat(300) });
    expect(tooLong.statusCode).toBe(422);
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${booked.event.uuid}` });
    expect(view.json().event.status).toBe("PENDING_APPROVAL");
  });

  it("are answered once through the signed link mailed to the hosts; a wrong signature is 403", async () => {
    const host = await signUpHost(t);
    const { answer: booked, email } = await requested(host);
    const [toHost] = await bookingMailsTo(t, host.email);
    const link = new URL(toHost!.data.actionUrl!).searchParams;
    const sig = link.get("sig")!;
    const byLink = (payload: object) =>
      t.request({ method: "POST", url: `/api/booking-requests/${booked.event.uuid}`, payload });

    const forged = await byLink({ sig: `${sig.slice(0, -2)}AA`, host: host.id, approve: true });
    expect(forged.statusCode).toBe(403);
    // The signature names its host: it says nothing for another, nor for none.
    const someoneElse = await signUpHost(t);
    for (const claimed of [{ host: someoneElse.id }, {}]) {
      const renamed = await byLink({ sig, ...claimed, approve: true });
      expect(renamed.statusCode).toBe(403);
    }
    const other = await requested(host, berlinSlot(2, "09:00"));
    const borrowed = await t.request({
      method: "POST",
      url: `/api/booking-requests/${other.answer.event.uuid}`,
      payload: { sig, host: host.id, approve: true },
    });
    expect(borrowed.statusCode).toBe(403);

    const declined = await byLink({
      sig,
      host: link.get("host"),
      approve: false,
      reason: "Fully booked",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().event.status).toBe("CANCELLED");
    expect((await bookingMailsTo(t, email)).at(-1)).toMatchObject({
      template: "bookingDeclined",
      data: { reason: "Fully booked" },
    });
    const reused = await byLink({ sig, host: host.id, approve: true });
    expect(reused.statusCode).toBe(409);
    // The answer is the host's, as if they had answered signed in.
    expect(await actorsOf(booked.event.uuid, "declined")).toEqual([host.id]);
  });

  it("still take a link mailed before links named their host, recorded as a host's answer", async () => {
    const host = await signUpHost(t);
    const { answer: booked } = await requested(host);
    const sig = requestSignature(t.deps.config.sessionSecret, booked.event.uuid);
    const approved = await t.request({
      method: "POST",
      url: `/api/booking-requests/${booked.event.uuid}`,
      payload: { sig, approve: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await actorsOf(booked.event.uuid, "approved")).toEqual(["host"]);
  });

  it("expire unanswered at their start, freeing the time and telling the invitee", async () => {
    const host = await signUpHost(t);
    const { answer: booked, email } = await requested(host, berlinSlot(0, "09:00"));
    const { answer: later } = await requested(host, berlinSlot(2, "09:00"));
    const expired = await expiredRequestSweeper(t.database.db, {
      publicUrl: "http://localhost:3000",
      now: new Date(berlinSlot(0, "09:00")),
    });
    expect(expired).toBe(1);
    expect(await busyRows(booked.event.uuid)).toEqual([]);
    expect(await busyRows(later.event.uuid)).toHaveLength(1);
    const mail = (await bookingMailsTo(t, email)).at(-1)!;
    expect(mail).toMatchObject({ template: "bookingDeclined", data: { expired: true } });
    expect(renderMail(mail).subject).toMatch(/^Expired:/);

    t.setNow(new Date(berlinSlot(0, "09:30")));
    try {
      const tooLate = await answer(host, booked.event.uuid, "approve");
      expect(tooLate.statusCode).toBe(409);
    } finally {
      t.setNow(BOOKING_NOW);
    }
  });

  it("expire at the host's deadline before the start, when one is set", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      requiresApproval: true,
      approvalDeadline: 24 * 60,
    });
    expect(type.approvalDeadline).toBe(24 * 60);
    const body = bookingBody(userLink(host, type), { start: berlinSlot(3, "09:00") });
    const booked = await bookOk(t, body);
    const dayBefore = new Date(Date.parse(berlinSlot(3, "09:00")) - 24 * 3_600_000);
    // Other tests' requests may expire here too; this one must not yet.
    await expiredRequestSweeper(t.database.db, {
      publicUrl: "http://localhost:3000",
      now: new Date(dayBefore.getTime() - 60_000),
    });
    expect(await busyRows(booked.event.uuid)).toHaveLength(1);
    t.setNow(dayBefore);
    try {
      const tooLate = await answer(host, booked.event.uuid, "approve");
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json().message).toBe("This request has expired: its time has passed.");
    } finally {
      t.setNow(BOOKING_NOW);
    }
    await expiredRequestSweeper(t.database.db, {
      publicUrl: "http://localhost:3000",
      now: dayBefore,
    });
    expect(await busyRows(booked.event.uuid)).toEqual([]);
    expect((await bookingMailsTo(t, body.email as string)).at(-1)).toMatchObject({
      template: "bookingDeclined",
      data: { expired: true },
    });
  });
});

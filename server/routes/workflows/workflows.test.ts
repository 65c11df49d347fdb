import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { countSmsSegments } from "../../../core/sms/segments";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { outbox } from "../../db/schema";
import type { MailPayload } from "../../mail/mailTypes";
import { renderMail } from "../../mail/renderMail";
import type { SmsMessage, SmsSender } from "../../sms/smsSender";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  outboxMails,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { signatureValid, startWebhookReceiver } from "../../webhooks/testing/webhookReceiver";
import { runDueWorkflowSteps } from "../../workflows/workflowWorker";

const receiver = await startWebhookReceiver();
afterAll(() => receiver.stop());
const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
t.setNow(BOOKING_NOW);
const { db } = t.database;
const HOUR = 3_600_000;
const at = (iso: string, offsetMs: number) => new Date(Date.parse(iso) + offsetMs);

/** A provider double that records what it was asked to send; `refuse` makes it say no. */
function fakeSms(refuse: null | { reason: "provider_error"; permanent: boolean } = null) {
  const sent: SmsMessage[] = [];
  const sender: SmsSender = {
    configured: true,
    async send(message) {
      if (refuse) return { ok: false, ...refuse, message: "refused" };
      sent.push(message);
      return { ok: true, providerId: `SM${sent.length}`, segments: 1 };
    },
  };
  return { sent, sender };
}

let workNow = BOOKING_NOW;
function runSteps(sms: SmsSender | null) {
  return runDueWorkflowSteps({
    database: t.database,
    sms,
    allowPrivate: true,
    encryptionKey: t.deps.config.encryptionKey,
    clock: () => workNow,
    baseDelayMs: 60_000,
    maxAttempts: 3,
  });
}

async function createWorkflow(host: Host, payload: Record<string, unknown>) {
  const response = await t.request({
    method: "POST",
    url: "/api/workflows",
    headers: host.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; steps: { id: string }[]; signingSecret: string };
}

async function runsOf(host: Host, workflowId: string) {
  const response = await t.request({
    method: "GET",
    url: `/api/workflows/${workflowId}/runs`,
    headers: host.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      runs: { status: string; error: string | null; recipient: string; attempts: number }[];
    }
  ).runs;
}

async function workflowMails(to: string): Promise<MailPayload[]> {
  await drainChanges(t);
  const rows = await db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, "mail"))
    .orderBy(asc(outbox.id));
  return rows
    .map((r) => r.payload as unknown as MailPayload)
    .filter((p) => p.template === "workflowMessage" && p.to.email === to);
}

describe("workflows", () => {
  it("are managed by the event type's owner or its team's admins: 404 for others, 403 for members, 422 for bad steps", async () => {
    const owner = await signUpHost(t);
    const stranger = await signUpHost(t);
    const member = await signUpHost(t);
    const type = await createEventType(t, owner);
    const body = {
      eventTypeId: type.id,
      name: "Thanks",
      trigger: "created",
      steps: [{ action: "email_invitee", subject: "Hi", body: "Booked {event_title}" }],
    };
    const created = await createWorkflow(owner, body);
    const listed = await t.request({
      method: "GET",
      url: `/api/workflows?eventTypeId=${type.id}`,
      headers: owner.headers,
    });
    // The event type's reminder is a workflow too (the default: 24 hours before).
    expect(
      listed
        .json()
        .workflows.map((w: { name: string; source: string | null }) => [w.name, w.source]),
    ).toEqual([
      ["Reminder", "reminders"],
      ["Thanks", null],
    ]);
    expect(listed.json().smsConfigured).toBe(false);

    for (const [method, url] of [
      ["GET", `/api/workflows/${created.id}`],
      ["PATCH", `/api/workflows/${created.id}`],
      ["DELETE", `/api/workflows/${created.id}`],
      ["GET", `/api/workflows/${created.id}/runs`],
      ["GET", `/api/workflows?eventTypeId=${type.id}`],
    ] as const) {
      const response = await t.request({
        method,
        url,
        headers: stranger.headers,
        ...(method === "PATCH" ? { payload: { active: false } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreign = await t.request({
      method: "POST",
      url: "/api/workflows",
      headers: stranger.headers,
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);

    const teamType = await teamEventType(t, "ROUND_ROBIN", [owner, member]);
    const teamFlow = await createWorkflow(owner, { ...body, eventTypeId: teamType.id });
    const asMember = await t.request({
      method: "PATCH",
      url: `/api/workflows/${teamFlow.id}`,
      headers: member.headers,
      payload: { active: false },
    });
    expect(asMember.statusCode).toBe(403);
    const memberCreates = await t.request({
      method: "POST",
      url: "/api/workflows",
      headers: member.headers,
      payload: { ...body, eventTypeId: teamType.id },
    });
    expect(memberCreates.statusCode).toBe(403);

    const bad = await t.request({
      method: "POST",
      url: "/api/workflows",
      headers: owner.headers,
      payload: {
        ...body,
        steps: [
          { action: "email_address", target: "not-an-address", subject: "x", body: "y" },
          { action: "sms_invitee" },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["steps.0.target", "steps.1.body"]);

    const paused = await t.request({
      method: "PATCH",
      url: `/api/workflows/${created.id}`,
      headers: owner.headers,
      payload: { active: false },
    });
    expect(paused.json().active).toBe(false);
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/workflows/${created.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.request({
      method: "GET",
      url: `/api/workflows/${created.id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it("created: mails the invitee, the hosts and a given address at once, variables filled per recipient and escaped in HTML; a paused one sends nothing", async () => {
    const host = await signUpHost(t, { language: "de" });
    const type = await createEventType(t, host, { reminders: [] });
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Booked",
      trigger: "created",
      steps: [
        {
          action: "email_invitee",
          subject: "{event_title} for {invitee_name}",
          body: "See you {start_time}\nManage: {manage_link}",
        },
        { action: "email_hosts", subject: "New: {invitee_name}", body: "{form_answers}" },
        {
          action: "email_address",
          target: "assistant@example.com",
          subject: "FYI",
          body: "{invitee_name} booked",
        },
      ],
    });
    const paused = await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Paused",
      active: false,
      trigger: "created",
      steps: [{ action: "email_address", target: "never@example.com", subject: "x", body: "y" }],
    });
    const start = berlinSlot(3, "10:00");
    const body = bookingBody(userLink(host, type), {
      start,
      name: "Ana <script>",
      language: "fr",
      timezone: "America/New_York",
    });
    const booked = await bookOk(t, body);
    const [toInvitee] = await workflowMails(body.email as string);
    expect(toInvitee!.language).toBe("fr");
    const rendered = renderMail(toInvitee!);
    expect(rendered.subject).toBe(`${type.title} for Ana <script>`);
    expect(rendered.text).toContain(booked.attendee.rescheduleUrl.split("?")[0]);
    expect(rendered.text).toContain("America/New_York");
    expect(rendered.html).toContain("Ana &lt;script&gt;");
    expect(rendered.html).not.toContain("<script>");
    const [toHost] = await workflowMails(host.email);
    expect(toHost!.language).toBe("de");
    expect(await workflowMails("assistant@example.com")).toHaveLength(1);
    expect(await workflowMails("never@example.com")).toHaveLength(0);
    expect(await runsOf(host, paused.id)).toEqual([]);
  });

  it("before_start: a text to the invitee who agreed, none to one who did not; moved with the meeting, dropped when cancelled, retried then failed in the run log", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    const flow = await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Text",
      trigger: "before_start",
      offsetMinutes: 60,
      steps: [{ action: "sms_invitee", body: "{event_title} at {start_time}" }],
    });
    const start = berlinSlot(3, "10:00");
    const agreed = bookingBody(userLink(host, type), {
      start,
      phone: "+49 30 1234567",
      smsConsent: true,
    });
    const booked = await bookOk(t, agreed);
    await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(3, "12:00"), phone: "+49 30 7654321" }),
    );
    await drainChanges(t);
    const runs = await runsOf(host, flow.id);
    expect(runs.map((r) => [r.status, r.error])).toEqual([
      ["skipped", "no_consent"],
      ["scheduled", null],
    ]);

    // Moved: the text for the former time goes, one for the new time is scheduled.
    const [mail] = await bookingMailsTo(t, agreed.email as string);
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
    const newStart = berlinSlot(4, "14:00");
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: booked.attendee.uuid,
        token,
        start: newStart,
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drainChanges(t);
    const rows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "workflow"), eq(outbox.eventId, booked.event.uuid)));
    expect(rows.map((r) => r.nextAttemptAt)).toEqual([at(newStart, -HOUR)]);

    // Not due yet: nothing goes.
    const sms = fakeSms();
    workNow = at(newStart, -2 * HOUR);
    expect(await runSteps(sms.sender)).toBe(0);
    // Due: a provider that fails is retried with backoff, then the run log says failed.
    workNow = at(newStart, -HOUR);
    const failing = fakeSms({ reason: "provider_error", permanent: false });
    expect(await runSteps(failing.sender)).toBe(0);
    workNow = at(newStart, -HOUR + 60_000);
    await runSteps(failing.sender);
    workNow = at(newStart, -HOUR + 3 * 60_000);
    await runSteps(failing.sender);
    const log = await runsOf(host, flow.id);
    expect(log[0]).toMatchObject({ status: "failed", error: "provider_error", attempts: 3 });
    expect(
      log
        .filter((r) => r.status === "skipped")
        .map((r) => r.error)
        .sort(),
    ).toEqual(["meeting_changed", "no_consent"]);
    expect(sms.sent).toEqual([]);

    // Another booking that is cancelled: its text never goes.
    const other = bookingBody(userLink(host, type), {
      start: berlinSlot(3, "16:00"),
      phone: "+49 30 1111111",
      smsConsent: true,
    });
    const second = await bookOk(t, other);
    const [otherMail] = await bookingMailsTo(t, other.email as string);
    const otherToken = new URL(otherMail!.data.rescheduleUrl!).searchParams.get("token")!;
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${second.attendee.uuid}/cancel`,
      payload: { token: otherToken, cancellation_reason: "" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drainChanges(t);
    workNow = at(berlinSlot(3, "16:00"), 0);
    expect(await runSteps(sms.sender)).toBe(0);
    expect(sms.sent).toEqual([]);
  });

  it("sends a due text once, with the invitee's number and the filled body; without a provider it fails not_configured", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    const flow = await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Text now",
      trigger: "created",
      steps: [{ action: "sms_invitee", body: "Booked: {event_title}, {start_time}" }],
    });
    const none = await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Hook",
      trigger: "created",
      steps: [{ action: "webhook", target: receiver.url("/workflow") }],
    });
    await bookOk(
      t,
      bookingBody(userLink(host, type), { phone: "+49 30 2222222", smsConsent: true }),
    );
    await drainChanges(t);
    workNow = BOOKING_NOW;
    const sms = fakeSms();
    expect(await runSteps(sms.sender)).toBe(2);
    expect(await runSteps(sms.sender)).toBe(0);
    expect(sms.sent).toMatchObject([{ hostUserId: host.id, to: "+49302222222", toHost: false }]);
    // The start as Intl writes it, with its thin spaces and en dash made plain: one GSM-7 part.
    const text = sms.sent[0]!.body;
    expect(text).toMatch(new RegExp(`^Booked: ${type.title}, \\w+day, .+ \\d\\d:\\d\\d - \\d`));
    expect(countSmsSegments(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect((await runsOf(host, flow.id)).map((r) => r.status)).toEqual(["sent"]);
    expect((await runsOf(host, none.id)).map((r) => r.status)).toEqual(["sent"]);
    const hook = receiver.received.find((r) => r.path === "/workflow");
    expect(hook?.json).toMatchObject({
      event: "workflow.triggered",
      workflow: { trigger: "created" },
    });
    // Signed under the secret shown at creation, as webhook deliveries are.
    expect(hook?.headers["slotted-event"]).toBe("workflow.triggered");
    expect(signatureValid(none.signingSecret, hook!.headers, hook!.body)).toBe(true);

    await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(1, "10:00"),
        phone: "+49 30 3333333",
        smsConsent: true,
      }),
    );
    await drainChanges(t);
    await runSteps(null);
    expect((await runsOf(host, flow.id))[0]).toMatchObject({
      status: "failed",
      error: "not_configured",
    });
  });

  it("cancelled: fires only for the cancellations it names", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "By host",
      trigger: "cancelled",
      cancelledBy: ["host"],
      steps: [
        {
          action: "email_address",
          target: "by-host@example.com",
          subject: "Host cancelled",
          body: "{invitee_name}",
        },
      ],
    });
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "By invitee",
      trigger: "cancelled",
      cancelledBy: ["invitee"],
      steps: [
        {
          action: "email_address",
          target: "by-invitee@example.com",
          subject: "Invitee cancelled",
          body: "{invitee_name}",
        },
      ],
    });
    const body = bookingBody(userLink(host, type), { start: berlinSlot(3, "10:00") });
    const booked = await bookOk(t, body);
    const [mail] = await bookingMailsTo(t, body.email as string);
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token, cancellation_reason: "" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await workflowMails("by-invitee@example.com")).toHaveLength(1);
    expect(await workflowMails("by-host@example.com")).toHaveLength(0);
  });

  it("no_show: a host marks an invitee once the meeting started; the mark is in the API and webhooks and fires the trigger", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Missed you",
      trigger: "no_show",
      steps: [
        {
          action: "email_invitee",
          subject: "We missed you",
          body: "Book again, {invitee_name}: {reschedule_link}",
        },
      ],
    });
    const body = bookingBody(userLink(host, type), { start: berlinSlot(3, "09:00") });
    const booked = await bookOk(t, body);
    const url = `/api/bookings/${booked.event.uuid}/attendees/${booked.attendee.uuid}/no-show`;
    const early = await t.request({
      method: "POST",
      url,
      headers: host.headers,
      payload: { noShow: true },
    });
    expect(early.statusCode).toBe(422);
    const foreign = await t.request({
      method: "POST",
      url,
      headers: stranger.headers,
      payload: { noShow: true },
    });
    expect(foreign.statusCode).toBe(404);

    t.setNow(at(booked.event.start, 10 * 60_000));
    try {
      const marked = await t.request({
        method: "POST",
        url,
        headers: host.headers,
        payload: { noShow: true },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().noShowAt).toBe(at(booked.event.start, 10 * 60_000).toISOString());
      // Twice is once.
      await t.request({ method: "POST", url, headers: host.headers, payload: { noShow: true } });
      const mails = await workflowMails(body.email as string);
      expect(mails).toHaveLength(1);
      expect(renderMail(mails[0]!).subject).toBe("We missed you");
      const listed = await t.request({
        method: "GET",
        url: "/api/bookings",
        headers: host.headers,
      });
      const listedBooking = listed
        .json()
        .bookings.find((b: { uuid: string }) => b.uuid === booked.event.uuid);
      expect(listedBooking.attendees[0].noShowAt).not.toBeNull();
      const undone = await t.request({
        method: "POST",
        url,
        headers: host.headers,
        payload: { noShow: false },
      });
      expect(undone.json().noShowAt).toBeNull();
      await drainChanges(t);
      expect(await workflowMails(body.email as string)).toHaveLength(1);
    } finally {
      t.setNow(BOOKING_NOW);
    }
  });

  it("sends each due step once with two workers claiming at the same time, and a new worker after a restart sends what is left", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Hour before",
      trigger: "before_start",
      offsetMinutes: 60,
      steps: [{ action: "sms_invitee", body: "{invitee_name}: {event_title} soon" }],
    });
    const starts = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00"].map((time) =>
      berlinSlot(2, time),
    );
    for (const [index, start] of starts.entries()) {
      await bookOk(
        t,
        bookingBody(userLink(host, type), {
          start,
          phone: `+49 30 555000${index}`,
          smsConsent: true,
        }),
      );
    }
    await drainChanges(t);
    const sms = fakeSms();
    // The first three are due; two workers race for them.
    workNow = at(starts[2]!, -HOUR);
    await Promise.all([runSteps(sms.sender), runSteps(sms.sender)]);
    expect(sms.sent.map((m) => m.to).sort()).toEqual([
      "+49305550000",
      "+49305550001",
      "+49305550002",
    ]);
    // The process stops; the rest stay due in the outbox, and a new worker sends each once.
    workNow = at(starts[5]!, -HOUR);
    const restarted = fakeSms();
    await Promise.all([runSteps(restarted.sender), runSteps(restarted.sender)]);
    expect(restarted.sent.map((m) => m.to).sort()).toEqual([
      "+49305550003",
      "+49305550004",
      "+49305550005",
    ]);
  });

  it("confirmed, rescheduled and after_end: fire on approval, on a move, and after the end without the manage links", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [], requiresApproval: true });
    for (const trigger of ["created", "confirmed", "rescheduled"]) {
      await createWorkflow(host, {
        eventTypeId: type.id,
        name: trigger,
        trigger,
        steps: [
          {
            action: "email_address",
            target: `${trigger}@example.com`,
            subject: trigger,
            body: "{event_title}",
          },
        ],
      });
    }
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Feedback",
      trigger: "after_end",
      offsetMinutes: 30,
      steps: [
        {
          action: "email_invitee",
          subject: "How was it?",
          body: "Links: {manage_link}|{cancel_link}",
        },
      ],
    });
    const start = berlinSlot(4, "09:00");
    const body = bookingBody(userLink(host, type), { start });
    const booked = await bookOk(t, body);
    expect(await workflowMails("created@example.com")).toHaveLength(1);
    expect(await workflowMails("confirmed@example.com")).toHaveLength(0);
    const approved = await t.request({
      method: "POST",
      url: `/api/bookings/${booked.event.uuid}/approve`,
      headers: host.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await workflowMails("confirmed@example.com")).toHaveLength(1);

    const newStart = berlinSlot(4, "15:00");
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      headers: host.headers,
      payload: {
        eventUuid: booked.event.uuid,
        start: newStart,
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await workflowMails("rescheduled@example.com")).toHaveLength(1);
    const feedback = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.eventId, booked.event.uuid), eq(outbox.purpose, "workflow")));
    const duration = Date.parse(booked.event.end) - Date.parse(booked.event.start);
    expect(feedback.map((r) => r.nextAttemptAt)).toEqual([at(newStart, duration + 30 * 60_000)]);
    expect(renderMail(feedback[0]!.payload as unknown as MailPayload).text).toContain("Links: |");
  });
  it("a new signing secret signs the next calls and the old one no longer does; only the workflow's managers may make one", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    const flow = await createWorkflow(host, {
      eventTypeId: type.id,
      name: "Signed hook",
      trigger: "created",
      steps: [{ action: "webhook", target: receiver.url("/rotated") }],
    });
    const rotate = (who: Host) =>
      t.request({
        method: "POST",
        url: `/api/workflows/${flow.id}/signing-secret`,
        headers: who.headers,
      });
    expect((await rotate(stranger)).statusCode).toBe(404);
    const rotated = await rotate(host);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { signingSecret } = rotated.json() as { signingSecret: string };
    expect(signingSecret).not.toBe(flow.signingSecret);
    // Neither the workflow nor its list repeats a secret.
    const read = await t.request({
      method: "GET",
      url: `/api/workflows/${flow.id}`,
      headers: host.headers,
    });
    expect(read.body).not.toContain("whsec_");

    await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(2, "11:00") }));
    await drainChanges(t);
    workNow = BOOKING_NOW;
    await runSteps(null);
    const hook = receiver.received.find((r) => r.path === "/rotated");
    expect(signatureValid(signingSecret, hook!.headers, hook!.body)).toBe(true);
    expect(signatureValid(flow.signingSecret, hook!.headers, hook!.body)).toBe(false);
  });
  it("routing_form_submitted: fires for the event type a submission routed to, with the answers; the visitor's mail only when the form asked their address", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    const form = await t.request({
      method: "POST",
      url: "/api/routing-forms",
      headers: host.headers,
      payload: {
        title: "Intake",
        slug: `intake-${type.id.slice(0, 8)}`,
        fields: [
          { id: "fName", type: "SHORT_TEXT", label: "Name", identifier: "name", required: true },
          { id: "fMail", type: "EMAIL", label: "Email", identifier: "email" },
          { id: "fCompany", type: "SHORT_TEXT", label: "Company", identifier: "company" },
        ],
        routes: [
          { id: "all", isFallback: true, action: { type: "EVENT_TYPE", eventTypeId: type.id } },
        ],
      },
    });
    expect(form.statusCode, form.body).toBe(201);
    const formId = (form.json() as { id: string }).id;
    const flow = await createWorkflow(host, {
      eventTypeId: type.id,
      name: "New lead",
      trigger: "routing_form_submitted",
      steps: [
        { action: "email_invitee", subject: "Thanks {invitee_name}", body: "About {event_title}" },
        { action: "email_hosts", subject: "Lead: {invitee_name}", body: "{form_answers}" },
        { action: "sms_invitee", body: "Hi" },
        { action: "webhook", target: receiver.url("/form-lead") },
      ],
    });
    // A workflow of another trigger does not fire on a submission.
    await createWorkflow(host, {
      eventTypeId: type.id,
      name: "On booking",
      trigger: "created",
      steps: [{ action: "email_hosts", subject: "Booked", body: "Booked" }],
    });
    const submit = (answers: Record<string, string>) =>
      t.request({
        method: "POST",
        url: `/api/form/${formId}`,
        headers: { "accept-language": "de" },
        payload: { answers, timezone: "Europe/Berlin" },
      });
    const before = (await outboxMails(t)).length;
    const answered = await submit({ fName: "Ada", fMail: "ada@example.com", fCompany: "Acme" });
    expect(answered.statusCode, answered.body).toBe(200);

    const mails = (await outboxMails(t)).slice(before);
    expect(mails.map((m) => [m.template, m.to.email, m.language])).toEqual([
      ["workflowMessage", "ada@example.com", "de"],
      ["workflowMessage", host.email, expect.any(String)],
    ]);
    expect(mails[0]!.data).toMatchObject({ subject: "Thanks Ada", body: `About ${type.title}` });
    expect(mails[1]!.data).toMatchObject({
      subject: "Lead: Ada",
      body: "Name: Ada\nEmail: ada@example.com\nCompany: Acme",
    });

    workNow = BOOKING_NOW;
    expect(await runSteps(null)).toBe(1);
    const hook = receiver.received.find((r) => r.path === "/form-lead");
    expect(hook?.json).toMatchObject({
      event: "workflow.triggered",
      workflow: { trigger: "routing_form_submitted" },
      formResponse: {
        eventType: { id: type.id },
        respondent: { name: "Ada", email: "ada@example.com" },
        answers: [
          { label: "Name", value: "Ada" },
          { label: "Email", value: "ada@example.com" },
          { label: "Company", value: "Acme" },
        ],
      },
    });
    expect(signatureValid(flow.signingSecret, hook!.headers, hook!.body)).toBe(true);

    // Without an address the visitor gets nothing, and the log says why; hosts still hear.
    expect((await submit({ fName: "Bo" })).statusCode).toBe(200);
    const runs = await runsOf(host, flow.id);
    expect(runs.filter((r) => r.status === "skipped").map((r) => r.error)).toEqual(
      expect.arrayContaining(["no_email", "no_consent", "no_consent"]),
    );
    expect(runs.filter((r) => r.status === "skipped")).toHaveLength(3);
    expect((await outboxMails(t)).slice(before + 2).map((m) => m.to.email)).toEqual([host.email]);
  });
});

describe("the booking form's phone number and consent to texts", () => {
  it("are asked for while an active workflow texts the invitee and texts can be sent; a bad number or consent without one is a 422 naming the phone", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { reminders: [] });
    const asks = async () => {
      const response = await t.request({
        method: "GET",
        url: `/api/user/${host.username}/${type.slug}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { eventType: { textsInvitee?: boolean } }).eventType.textsInvitee;
    };
    t.deps.smsConfigured = true;
    try {
      expect(await asks()).toBe(false);
      const flow = await createWorkflow(host, {
        eventTypeId: type.id,
        name: "Text on booking",
        trigger: "created",
        steps: [{ action: "sms_invitee", body: "{event_title} at {start_time}" }],
      });
      expect(await asks()).toBe(true);
      const paused = await t.request({
        method: "PATCH",
        url: `/api/workflows/${flow.id}`,
        headers: host.headers,
        payload: { active: false },
      });
      expect(paused.statusCode, paused.body).toBe(200);
      expect(await asks()).toBe(false);
      await t.request({
        method: "PATCH",
        url: `/api/workflows/${flow.id}`,
        headers: host.headers,
        payload: { active: true },
      });
      t.deps.smsConfigured = false;
      expect(await asks()).toBe(false);
    } finally {
      t.deps.smsConfigured = undefined;
    }

    for (const fields of [{ phone: "+49 12", smsConsent: true }, { smsConsent: true }]) {
      const refused = await t.request({
        method: "POST",
        url: "/api/event",
        payload: bookingBody(userLink(host, type), { start: berlinSlot(3, "10:00"), ...fields }),
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys((refused.json() as { errors: object }).errors)).toEqual(["phone"]);
    }
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(3, "10:00"),
        phone: "+49 30 9876543",
        smsConsent: true,
      }),
    );
    expect(booked.event.uuid).toBeTruthy();
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages, smsOptOuts, users } from "../../db/schema";
import { createSmsSender } from "../../sms/createSmsSender";
import { readSmsMessages } from "../../sms/smsMessages";
import { smsProviderOf } from "../../sms/smsProviderOf";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioDouble,
  type TwilioDouble,
} from "../../sms/testing/twilioDouble";
import { twilioSignature } from "../../sms/twilioSignature";
import { freePort } from "../../test/freePort";
import { createTestApp, type TestApp } from "../../test/testApp";

// The server listens on loopback and the double posts its signed callbacks to it over HTTP,
// to PUBLIC_URL's address, as Twilio would.
const double: TwilioDouble = await startTwilioDouble();
afterAll(() => double.stop());
let t: TestApp;
let publicUrl: string;
const now = new Date("2027-06-08T07:19:00Z");
const INVITEE = "+4915112345678";
let hostId: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    publicUrl,
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiUrl: double.url },
  });
  t.setNow(now);
  await t.app.listen({ port, host: "127.0.0.1" });
  hostId = randomUUID();
  await t.database.db.insert(users).values({
    id: hostId,
    email: `${hostId}@example.com`,
    passwordHash: "x",
    name: "Host",
    username: `h${hostId.slice(0, 8)}`,
  });
});

const sender = () =>
  createSmsSender({
    db: t.database.db,
    provider: smsProviderOf(t.deps.config),
    limits: t.deps.config.smsLimits,
    publicUrl: t.deps.config.publicUrl,
  });
const text = (to = INVITEE) =>
  sender().send({ hostUserId: hostId, to, body: "See you at 10:00", toHost: false }, now);

describe("Twilio's status callbacks", () => {
  it("record sent, then delivered, and never go back", async () => {
    const result = await text();
    if (!result.ok) throw new Error(result.message);
    expect(await double.post(double.statusCallback(result.providerId, "sent"))).toBe(204);
    expect((await readSmsMessages(t.database.db, [result.providerId]))[0]?.status).toBe("sent");
    expect(await double.post(double.statusCallback(result.providerId, "delivered"))).toBe(204);
    // A late "sent" arrives after "delivered".
    expect(await double.post(double.statusCallback(result.providerId, "sent"))).toBe(204);
    const [row] = await readSmsMessages(t.database.db, [result.providerId]);
    expect(row).toMatchObject({ status: "delivered", errorCode: null, phone: INVITEE });
  });

  it("record a failure with its error code; 21610 opts the number out", async () => {
    const to = "+4915100000002";
    const result = await text(to);
    if (!result.ok) throw new Error(result.message);
    expect(await double.post(double.statusCallback(result.providerId, "undelivered", 21610))).toBe(
      204,
    );
    const [row] = await readSmsMessages(t.database.db, [result.providerId]);
    expect(row).toMatchObject({ status: "undelivered", errorCode: 21610 });
    expect(await text(to)).toMatchObject({ ok: false, reason: "opted_out" });
  });

  it("refuse a callback that is unsigned, signed with another token or changed", async () => {
    const result = await text();
    if (!result.ok) throw new Error(result.message);
    const callback = double.statusCallback(result.providerId, "failed", 30003);
    const { "x-twilio-signature": _, ...unsigned } = callback.headers;
    expect(await double.post({ ...callback, headers: unsigned })).toBe(400);
    expect(
      await double.post({ ...callback, form: { ...callback.form, MessageStatus: "delivered" } }),
    ).toBe(400);
    expect(await double.post({ ...callback, url: `${publicUrl}/api/sms/twilio/status?x=1` })).toBe(
      400,
    );
    const response = await t.request({
      method: "POST",
      url: "/api/sms/twilio/status",
      headers: { ...callback.headers, "x-twilio-signature": "AAAA" },
      payload: new URLSearchParams(callback.form).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The callback's signature is missing or wrong.");
    const [row] = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.providerId, result.providerId));
    expect(row?.status).toBe("queued");
  });
});

describe("replies to the number", () => {
  const inboundUrl = () => `${publicUrl}/api/sms/twilio/inbound`;

  it("STOP stops every text to the sender until START", async () => {
    const to = "+4915100000003";
    expect(await text(to)).toMatchObject({ ok: true });
    const stop = double.inbound(inboundUrl(), to, "stop ");
    const response = await fetch(stop.url, {
      method: "POST",
      headers: stop.headers,
      body: new URLSearchParams(stop.form).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/xml/);
    expect(await response.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    );
    // Slotted refuses before asking Twilio (which would refuse with 21610 as well).
    double.optedOut.delete(to);
    const before = double.messages.length;
    expect(await text(to)).toMatchObject({ ok: false, reason: "opted_out", permanent: true });
    expect(double.messages.length).toBe(before);
    expect(await double.post(double.inbound(inboundUrl(), to, "START"))).toBe(200);
    expect(await text(to)).toMatchObject({ ok: true });
  });

  it("knows Twilio's other opt-out words and its OptOutType, and ignores other replies", async () => {
    const to = "+4915100000004";
    for (const word of ["UNSUBSCRIBE", "Cancel", "end", "QUIT", "STOPALL", "optout", "revoke"]) {
      expect(await double.post(double.inbound(inboundUrl(), to, word))).toBe(200);
      expect(await text(to), word).toMatchObject({ reason: "opted_out" });
      expect(await double.post(double.inbound(inboundUrl(), to, "unstop"))).toBe(200);
      expect(await text(to), word).toMatchObject({ ok: true });
    }
    expect(await double.post(double.inbound(inboundUrl(), to, "Thanks, see you then!"))).toBe(200);
    expect(await double.post(double.inbound(inboundUrl(), to, "help"))).toBe(200);
    expect(await text(to)).toMatchObject({ ok: true });
    // A number with custom words: Twilio's OptOutType says what the reply meant.
    const custom = double.inbound(inboundUrl(), to, "ARRET");
    expect(
      await double.post({ url: custom.url, ...signedWith({ ...custom.form, OptOutType: "STOP" }) }),
    ).toBe(200);
    expect(await text(to)).toMatchObject({ reason: "opted_out" });
    const rows = await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to));
    expect(rows).toMatchObject([{ source: "reply" }]);
  });

  it("refuses an unsigned reply", async () => {
    const to = "+4915100000005";
    const stop = double.inbound(inboundUrl(), to, "STOP");
    expect(
      await double.post({ ...stop, headers: { "content-type": stop.headers["content-type"]! } }),
    ).toBe(400);
    // Twilio itself took the STOP; Slotted, not told, still may text once Twilio allows it.
    double.optedOut.delete(to);
    expect(await text(to)).toMatchObject({ ok: true });
  });
});

function signedWith(form: Record<string, string>) {
  return {
    form,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature(`${publicUrl}/api/sms/twilio/inbound`, form),
    },
  };
}

function signature(url: string, form: Record<string, string>) {
  return twilioSignature(AUTH_TOKEN, url, form);
}

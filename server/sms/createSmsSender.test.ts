import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { hostPhones, smsMessages, smsOptOuts, smsUsage, users } from "../db/schema";
import { createTestDatabase } from "../test/testDatabase";
import { createSmsSender } from "./createSmsSender";
import type { SmsSender } from "./smsSender";
import { readHostSmsUsage } from "./smsUsage";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioDouble,
  type TwilioDouble,
} from "./testing/twilioDouble";
import { createTwilioProvider } from "./twilioProvider";

let database: Database;
let double: TwilioDouble;
const now = new Date("2027-06-08T07:19:00Z");
const INVITEE = "+4915112345678";

async function host(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(users).values({
    id,
    email: `${id}@example.com`,
    passwordHash: "x",
    name: "Host",
    username: `h${id.slice(0, 8)}`,
  });
  return id;
}

function sender(limits = { perHostMonth: 10, perInstanceMonth: 100 }): SmsSender {
  return createSmsSender({
    db: database.db,
    provider: createTwilioProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      apiUrl: double.url,
    }),
    limits,
    publicUrl: "https://slotted.example",
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  double = await startTwilioDouble();
});
afterAll(async () => {
  await double.stop();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(smsUsage);
  await database.db.delete(smsOptOuts);
  double.optedOut.clear();
});

describe("createSmsSender", () => {
  it("sends through Twilio, records the message and counts its segments", async () => {
    const hostId = await host();
    const result = await sender().send(
      { hostUserId: hostId, to: "+49 151 1234 5678", body: "Bis gleich!", toHost: false },
      now,
    );
    expect(result).toMatchObject({ ok: true, segments: 1 });
    const sent = double.messages.at(-1)!;
    expect(sent).toMatchObject({
      to: INVITEE,
      body: "Bis gleich!",
      statusCallback: "https://slotted.example/api/sms/twilio/status",
    });
    const [row] = await database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.providerId, sent.sid));
    expect(row).toMatchObject({
      hostUserId: hostId,
      phone: INVITEE,
      status: "queued",
      segments: 1,
    });
    expect(await readHostSmsUsage(database.db, hostId, now)).toEqual({
      month: "2027-06",
      segments: 1,
      messages: 1,
    });
  });

  it("refuses without a provider, a bad number or an empty text, permanently", async () => {
    const hostId = await host();
    const unconfigured = createSmsSender({
      db: database.db,
      provider: null,
      limits: { perHostMonth: 0, perInstanceMonth: 0 },
      publicUrl: "https://slotted.example",
    });
    expect(unconfigured.configured).toBe(false);
    expect(
      await unconfigured.send({ hostUserId: hostId, to: INVITEE, body: "hi", toHost: false }, now),
    ).toMatchObject({ ok: false, reason: "not_configured", permanent: true });
    for (const to of ["015112345678", "+49 151", "+1 555 0100", "call me"]) {
      expect(
        await sender().send({ hostUserId: hostId, to, body: "hi", toHost: false }, now),
      ).toMatchObject({ ok: false, reason: "invalid_number", permanent: true });
    }
    expect(
      await sender().send({ hostUserId: hostId, to: INVITEE, body: "  ", toHost: false }, now),
    ).toMatchObject({ ok: false, reason: "provider_error", permanent: true });
  });

  it("texts a host only at their verified number", async () => {
    const hostId = await host();
    const mine = "+4917012345678";
    const send = () =>
      sender().send({ hostUserId: hostId, to: mine, body: "New booking", toHost: true }, now);
    expect(await send()).toMatchObject({ ok: false, reason: "unverified_number", permanent: true });
    await database.db.insert(hostPhones).values({ userId: hostId, pendingPhone: mine });
    expect(await send()).toMatchObject({ ok: false, reason: "unverified_number" });
    await database.db
      .update(hostPhones)
      .set({ phone: mine, verifiedAt: now, pendingPhone: null })
      .where(eq(hostPhones.userId, hostId));
    expect(await send()).toMatchObject({ ok: true });
  });

  it("sends nothing to a number that opted out, and learns Twilio's 21610", async () => {
    const hostId = await host();
    const before = double.messages.length;
    double.optedOut.add(INVITEE);
    const first = await sender().send(
      { hostUserId: hostId, to: INVITEE, body: "Reminder", toHost: false },
      now,
    );
    expect(first).toMatchObject({ ok: false, reason: "opted_out", permanent: true });
    // Refused and remembered: the month is not charged and Twilio is not asked again.
    expect(await readHostSmsUsage(database.db, hostId, now)).toMatchObject({ segments: 0 });
    const [row] = await database.db.select().from(smsOptOuts);
    expect(row).toMatchObject({ phone: INVITEE, source: "provider:21610" });
    double.optedOut.clear();
    expect(
      await sender().send(
        { hostUserId: hostId, to: INVITEE, body: "Reminder", toHost: false },
        now,
      ),
    ).toMatchObject({ ok: false, reason: "opted_out" });
    expect(double.messages.length).toBe(before);
  });

  it("stops at the host's and the instance's monthly segments, and starts again next month", async () => {
    const a = await host();
    const b = await host();
    const limits = { perHostMonth: 3, perInstanceMonth: 5 };
    // 161 GSM-7 characters: two segments.
    const long = "x".repeat(161);
    const send = (hostUserId: string, body: string, at = now) =>
      sender(limits).send({ hostUserId, to: INVITEE, body, toHost: false }, at);
    expect(await send(a, long)).toMatchObject({ ok: true, segments: 2 });
    expect(await send(a, long)).toMatchObject({ ok: false, reason: "host_limit", permanent: true });
    expect(await send(a, "short")).toMatchObject({ ok: true, segments: 1 });
    expect(await send(b, long)).toMatchObject({ ok: true });
    expect(await send(b, "ok")).toMatchObject({ ok: false, reason: "instance_limit" });
    // The refused text charged neither the host nor the instance.
    expect(await readHostSmsUsage(database.db, b, now)).toMatchObject({ segments: 2, messages: 1 });
    expect(await send(b, long)).toMatchObject({ ok: false, reason: "host_limit" });
    const july = new Date("2027-07-01T00:00:00Z");
    expect(await send(a, long, july)).toMatchObject({ ok: true });
  });

  it("counts a text Twilio refused or never got as unsent, and says whether to retry", async () => {
    const hostId = await host();
    double.failNext(1, 429);
    expect(
      await sender().send({ hostUserId: hostId, to: INVITEE, body: "hi", toHost: false }, now),
    ).toMatchObject({ ok: false, reason: "provider_error", permanent: false });
    double.failNext(1, 500);
    expect(
      await sender().send({ hostUserId: hostId, to: INVITEE, body: "hi", toHost: false }, now),
    ).toMatchObject({ ok: false, reason: "provider_error", permanent: false });
    expect(
      await sender().send(
        { hostUserId: hostId, to: "+15005550001", body: "hi", toHost: false },
        now,
      ),
    ).toMatchObject({ ok: true });
    expect(await readHostSmsUsage(database.db, hostId, now)).toMatchObject({
      segments: 1,
      messages: 1,
    });
  });

  it("lets parallel senders take no more than the limit", async () => {
    const hostId = await host();
    const limits = { perHostMonth: 4, perInstanceMonth: 0 };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        sender(limits).send({ hostUserId: hostId, to: INVITEE, body: "hi", toHost: false }, now),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(await readHostSmsUsage(database.db, hostId, now)).toMatchObject({ segments: 4 });
  });
});

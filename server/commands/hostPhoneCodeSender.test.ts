import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors";
import { countSmsSegments } from "../../core/sms/segments";
import type { Database } from "../db/database";
import { users } from "../db/schema";
import { readHostPhone } from "../sms/hostPhones";
import { readHostSmsUsage } from "../sms/smsUsage";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioDouble,
  type TwilioDouble,
} from "../sms/testing/twilioDouble";
import { createTwilioProvider } from "../sms/twilioProvider";
import { createTestDatabase } from "../test/testDatabase";
import { hostPhoneCodeSender, type PhoneCodeContext } from "./hostPhoneCodeSender";
import { hostPhoneVerifier } from "./hostPhoneVerifier";

let database: Database;
let double: TwilioDouble;
const now = new Date("2027-06-08T07:19:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  double = await startTwilioDouble();
});
afterAll(async () => {
  await double.stop();
  await database.close();
});

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

function context(overrides: Partial<PhoneCodeContext> = {}): PhoneCodeContext {
  return {
    db: database.db,
    secret: "test-secret-test-secret-test-secret-0123",
    provider: createTwilioProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      apiUrl: double.url,
    }),
    limits: { perHostMonth: 10, perInstanceMonth: 0 },
    publicUrl: "https://slotted.example",
    now,
    ...overrides,
  };
}

const codeOf = (to: string) =>
  /\d{6}/.exec([...double.messages].reverse().find((m) => m.to === to)?.body ?? "")?.[0] ?? "";

describe("hostPhoneCodeSender", () => {
  it("texts a code in the host's language and keeps only its HMAC", async () => {
    const userId = await host();
    const phone = await hostPhoneCodeSender(
      context(),
      { userId, language: "ar" },
      "+49 170 5550100",
    );
    expect(phone).toBe("+491705550100");
    const sent = double.messages.at(-1)!;
    expect(sent.body).toMatch(/^رمز التحقق الخاص بك في Slotted هو \d{6}/);
    const row = await readHostPhone(database.db, userId);
    expect(row).toMatchObject({ pendingPhone: phone, phone: null, codeAttempts: 0 });
    expect(row?.codeHash).not.toContain(codeOf(phone));
    // Arabic goes as UCS-2 (70 characters a part): the month is charged what the text costs.
    expect(await readHostSmsUsage(database.db, userId, now)).toMatchObject({
      messages: 1,
      segments: countSmsSegments(sent.body).segments,
    });
    expect(countSmsSegments(sent.body).encoding).toBe("UCS-2");
  });

  it("sends nothing again for the number already verified", async () => {
    const userId = await host();
    const phone = await hostPhoneCodeSender(context(), { userId, language: "en" }, "+491705550101");
    await hostPhoneVerifier(context(), userId, codeOf(phone));
    const count = double.messages.length;
    const later = new Date(now.getTime() + 3_600_000);
    expect(
      await hostPhoneCodeSender(context({ now: later }), { userId, language: "en" }, phone),
    ).toBe(phone);
    expect(double.messages.length).toBe(count);
  });

  it("refuses past the host's monthly limit, and leaves no pending code", async () => {
    const userId = await host();
    const refused = hostPhoneCodeSender(
      context({ limits: { perHostMonth: 0, perInstanceMonth: 0 } }),
      { userId, language: "en" },
      "+491705550102",
    );
    await expect(refused).resolves.toBe("+491705550102");
    const full = hostPhoneCodeSender(
      context({
        limits: { perHostMonth: 1, perInstanceMonth: 0 },
        now: new Date(now.getTime() + 61_000),
      }),
      { userId, language: "en" },
      "+491705550103",
    );
    await expect(full).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(full).rejects.toBeInstanceOf(DomainError);
    expect((await readHostPhone(database.db, userId))?.codeHash).toBeNull();
  });

  it("refuses without a provider", async () => {
    const userId = await host();
    await expect(
      hostPhoneCodeSender(context({ provider: null }), { userId, language: "en" }, "+491705550104"),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

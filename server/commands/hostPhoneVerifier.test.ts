import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { users } from "../db/schema";
import { claimPhoneCode, readHostPhone } from "../sms/hostPhones";
import { createTestDatabase } from "../test/testDatabase";
import { phoneCodeHash } from "./hostPhoneCodeSender";
import { hostPhoneVerifier } from "./hostPhoneVerifier";

let database: Database;
const now = new Date("2027-06-08T07:19:00Z");
const secret = "test-secret-test-secret-test-secret-0123";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function hostWithCode(code: string, phone = "+491705550200"): Promise<string> {
  const userId = randomUUID();
  await database.db.insert(users).values({
    id: userId,
    email: `${userId}@example.com`,
    passwordHash: "x",
    name: "Host",
    username: `h${userId.slice(0, 8)}`,
  });
  await claimPhoneCode(
    database.db,
    userId,
    {
      pendingPhone: phone,
      codeHash: phoneCodeHash(secret, userId, phone, code),
      expiresAt: new Date(now.getTime() + 600_000),
    },
    60,
    now,
  );
  return userId;
}

describe("hostPhoneVerifier", () => {
  it("verifies the pending number with its code, once", async () => {
    const userId = await hostWithCode("123456");
    expect(await hostPhoneVerifier({ db: database.db, secret, now }, userId, " 123456 ")).toBe(
      "+491705550200",
    );
    expect(await readHostPhone(database.db, userId)).toMatchObject({
      phone: "+491705550200",
      verifiedAt: now,
      pendingPhone: null,
      codeHash: null,
    });
    await expect(
      hostPhoneVerifier({ db: database.db, secret, now }, userId, "123456"),
    ).rejects.toMatchObject({ code: "VALIDATION", fields: { code: [{ key: "phone.expired" }] } });
  });

  it("lets parallel guesses take no more than five tries", async () => {
    const userId = await hostWithCode("123456");
    const guesses = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        hostPhoneVerifier({ db: database.db, secret, now }, userId, String(100000 + i)),
      ),
    );
    const keys = guesses.map((g) =>
      g.status === "rejected" ? (g.reason as { detail: { key: string } }).detail.key : "ok",
    );
    expect(keys.filter((k) => k === "phone.wrongCode")).toHaveLength(5);
    expect(keys.filter((k) => k === "phone.expired")).toHaveLength(7);
    expect((await readHostPhone(database.db, userId))?.codeAttempts).toBe(5);
  });

  it("refuses a code after it expired, and a host with none", async () => {
    const userId = await hostWithCode("654321");
    const late = new Date(now.getTime() + 600_000);
    await expect(
      hostPhoneVerifier({ db: database.db, secret, now: late }, userId, "654321"),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      hostPhoneVerifier({ db: database.db, secret, now }, randomUUID(), "654321"),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

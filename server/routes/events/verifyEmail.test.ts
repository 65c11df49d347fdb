import { describe, expect, it } from "vitest";
import { CODE_EXPIRES_IN } from "../../../core/booking/bookingFormLimits";
import type { EmailCodeData } from "../../mail/mailTypes";
import { BOOKING_NOW, book, bookingBody, outboxMails, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { CODES_PER_EMAIL_PER_HOUR, CODES_PER_IP_PER_HOUR } from "../../verification/emailCodes";

const t = await createTestApp();
let clock = BOOKING_NOW.getTime();
const advance = (seconds: number) => {
  clock += seconds * 1000;
  t.setNow(new Date(clock));
};
advance(0);

const verify = (payload: Record<string, unknown>, ip = "10.0.0.1") =>
  t.request({
    method: "POST",
    url: "/api/event/verify-email",
    payload,
    headers: { "x-forwarded-for": ip },
  });

async function latestCode(email: string): Promise<string> {
  const mails = (await outboxMails(t)).filter(
    (m) => m.template === "emailCode" && m.to.email === email,
  );
  return (mails.at(-1)!.data as EmailCodeData).code;
}

describe("email verification", async () => {
  const host = await signUpHost(t);
  const type = await createEventType(t, host, { requiresEmailVerification: true });
  const link = userLink(host, type);

  it("needs a code sent to the address, used once", async () => {
    const body = bookingBody(link, { email: "verify@example.com" });
    const without = await book(t, body);
    expect(without.statusCode).toBe(422);
    expect(Object.keys(without.json().errors)).toEqual(["emailCode"]);

    const sent = await verify({ ...link, email: "Verify@Example.com" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ CODE_EXPIRES_IN });
    const code = await latestCode("verify@example.com");
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await book(t, { ...body, emailCode: code === "000000" ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ emailCode: ["The code is not correct."] });
    const right = await book(t, { ...body, emailCode: code });
    expect(right.statusCode, right.body).toBe(201);
    const reused = await book(t, {
      ...bookingBody(link, { email: "verify@example.com", start: body.start }),
      emailCode: code,
      start: new Date(Date.parse(body.start as string) + 3_600_000).toISOString(),
    });
    expect(reused.statusCode).toBe(422);
  });

  it("refuses a resend before the countdown ends", async () => {
    advance(CODE_EXPIRES_IN);
    expect((await verify({ ...link, email: "again@example.com" })).statusCode).toBe(200);
    advance(10);
    const early = await verify({ ...link, email: "again@example.com" });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe("Please wait 50 seconds before requesting a new code.");
    advance(CODE_EXPIRES_IN);
    expect((await verify({ ...link, email: "again@example.com" })).statusCode).toBe(200);
  });

  it("gives up after five wrong tries, and after ten minutes", async () => {
    advance(CODE_EXPIRES_IN);
    await verify({ ...link, email: "tries@example.com" });
    const code = await latestCode("tries@example.com");
    const body = bookingBody(link, { email: "tries@example.com", start: "2027-01-05T08:00:00Z" });
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
      expect((await book(t, { ...body, emailCode: wrong })).statusCode).toBe(422);
    }
    const late = await book(t, { ...body, emailCode: code });
    expect(late.json().errors).toEqual({
      emailCode: ["This code has expired. Please request a new one."],
    });

    advance(CODE_EXPIRES_IN);
    await verify({ ...link, email: "tries@example.com" });
    const fresh = await latestCode("tries@example.com");
    advance(11 * 60);
    const expired = await book(t, { ...body, emailCode: fresh });
    expect(expired.json().errors).toEqual({
      emailCode: ["This code has expired. Please request a new one."],
    });
  });

  it("limits codes per address and per client address, in the database", async () => {
    for (let i = 0; i < CODES_PER_EMAIL_PER_HOUR; i++) {
      advance(CODE_EXPIRES_IN);
      const ok = await verify({ ...link, email: "many@example.com" }, "10.0.0.2");
      expect(ok.statusCode, ok.body).toBe(200);
    }
    advance(CODE_EXPIRES_IN);
    const tooMany = await verify({ ...link, email: "many@example.com" }, "10.0.0.2");
    expect(tooMany.statusCode).toBe(429);

    advance(3600);
    const statuses: number[] = [];
    for (let i = 0; i <= CODES_PER_IP_PER_HOUR; i++) {
      statuses.push(
        (await verify({ ...link, email: `ip${i}@example.com` }, "10.0.0.3")).statusCode,
      );
    }
    expect(statuses.slice(0, CODES_PER_IP_PER_HOUR).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

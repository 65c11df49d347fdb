import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_CODE_MAX_ATTEMPTS } from "../../../core/sms/phoneCode";
import { createSmsSender } from "../../sms/createSmsSender";
import { smsProviderOf } from "../../sms/smsProviderOf";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioDouble,
  type TwilioDouble,
} from "../../sms/testing/twilioDouble";
import { signUpHost } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";

const double: TwilioDouble = await startTwilioDouble();
afterAll(() => double.stop());
let t: TestApp;
let now = new Date("2027-06-08T07:19:00Z");
const MINE = "+4917012345678";

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: "https://slotted.example",
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiUrl: double.url },
    smsLimits: { perHostMonth: 50, perInstanceMonth: 0 },
  });
  t.setNow(now);
});

function later(seconds: number) {
  now = new Date(now.getTime() + seconds * 1000);
  t.setNow(now);
}

const textedCode = (to: string) => {
  const body = [...double.messages].reverse().find((m) => m.to === to)?.body ?? "";
  return /\d{6}/.exec(body)?.[0] ?? "";
};

describe("a host's own number", () => {
  it("is texted a code in the host's language and becomes theirs with it", async () => {
    const host = await signUpHost(t, { language: "de" });
    const empty = await t.request({ method: "GET", url: "/api/me/phone", headers: host.headers });
    expect(empty.json()).toMatchObject({
      phone: null,
      pending: null,
      sms: { configured: true, segments: 0, limit: 50, month: "2027-06" },
    });
    const asked = await t.request({
      method: "PUT",
      url: "/api/me/phone",
      headers: host.headers,
      payload: { phone: "+49 170 1234 5678" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      phone: null,
      pending: { phone: MINE, resendInSeconds: 60, expiresAt: "2027-06-08T07:29:00.000Z" },
      sms: { segments: 1, messages: 1 },
    });
    const sent = double.messages.at(-1)!;
    expect(sent.to).toBe(MINE);
    expect(sent.body).toMatch(
      /^Ihr Slotted-Bestätigungscode lautet \d{6}\. Er ist 10 Minuten gültig\.$/,
    );

    // Not verified yet: a workflow's text to the host is refused.
    const sender = createSmsSender({
      db: t.database.db,
      provider: smsProviderOf(t.deps.config),
      limits: t.deps.config.smsLimits,
      publicUrl: t.deps.config.publicUrl,
    });
    const toHost = { hostUserId: host.id, to: MINE, body: "New booking", toHost: true };
    expect(await sender.send(toHost, now)).toMatchObject({ reason: "unverified_number" });

    const verified = await t.request({
      method: "POST",
      url: "/api/me/phone/verify",
      headers: host.headers,
      payload: { code: textedCode(MINE) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ phone: MINE, pending: null });
    expect(await sender.send(toHost, now)).toMatchObject({ ok: true });

    // Used once.
    const again = await t.request({
      method: "POST",
      url: "/api/me/phone/verify",
      headers: host.headers,
      payload: { code: textedCode(MINE) },
    });
    expect(again.statusCode).toBe(422);

    const removed = await t.request({
      method: "DELETE",
      url: "/api/me/phone",
      headers: host.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await sender.send(toHost, now)).toMatchObject({ reason: "unverified_number" });
  });

  it("refuses numbers that are not international, in the request's language", async () => {
    const host = await signUpHost(t);
    for (const phone of ["0170 1234567", "+49 170", "not a number"]) {
      const response = await t.request({
        method: "PUT",
        url: "/api/me/phone",
        headers: { ...host.headers, "accept-language": "fr" },
        payload: { phone },
      });
      expect(response.statusCode, phone).toBe(422);
      expect(response.json().errors.phone[0]).toMatch(/format international/);
    }
  });

  it("waits between codes, expires them and spends them after five wrong tries", async () => {
    const host = await signUpHost(t);
    const number = "+4917099999999";
    const ask = () =>
      t.request({
        method: "PUT",
        url: "/api/me/phone",
        headers: host.headers,
        payload: { phone: number },
      });
    const verify = (code: string) =>
      t.request({
        method: "POST",
        url: "/api/me/phone/verify",
        headers: host.headers,
        payload: { code },
      });
    expect((await ask()).statusCode).toBe(200);
    later(20);
    const early = await ask();
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("40");
    const right = textedCode(number);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) {
      const response = await verify(wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.code[0]).toBe("The code is not correct.");
    }
    const spent = await verify(right);
    expect(spent.statusCode).toBe(422);
    expect(spent.json().errors.code[0]).toMatch(/expired or was tried too often/);

    later(60);
    expect((await ask()).statusCode).toBe(200);
    later(11 * 60);
    const expired = await verify(textedCode(number));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code[0]).toMatch(/expired/);
  });

  it("sends no code to a number that opted out, nor when Twilio fails", async () => {
    const host = await signUpHost(t);
    double.optedOut.add("+4917088888888");
    const optedOut = await t.request({
      method: "PUT",
      url: "/api/me/phone",
      headers: host.headers,
      payload: { phone: "+4917088888888" },
    });
    expect(optedOut.statusCode).toBe(422);
    expect(optedOut.json().errors.phone[0]).toMatch(/opted out/);
    double.failNext(1, 500);
    const failed = await t.request({
      method: "PUT",
      url: "/api/me/phone",
      headers: host.headers,
      payload: { phone: "+4917077777777" },
    });
    expect(failed.statusCode).toBe(503);
    // Nothing was sent, so the next try need not wait and the month is not charged.
    const retried = await t.request({
      method: "PUT",
      url: "/api/me/phone",
      headers: host.headers,
      payload: { phone: "+4917077777777" },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().sms).toMatchObject({ segments: 1, messages: 1 });
  });

  it("needs a signed-in host, and says when texts are not set up", async () => {
    expect((await t.request({ method: "GET", url: "/api/me/phone" })).statusCode).toBe(401);
    const bare = await createTestApp();
    const host = await signUpHost(bare);
    const status = await bare.request({
      method: "GET",
      url: "/api/me/phone",
      headers: host.headers,
    });
    expect(status.json().sms.configured).toBe(false);
    const ask = await bare.request({
      method: "PUT",
      url: "/api/me/phone",
      headers: host.headers,
      payload: { phone: MINE },
    });
    expect(ask.statusCode).toBe(404);
    expect(ask.json().message).toBe("Text messages are not set up on this server.");
  });
});

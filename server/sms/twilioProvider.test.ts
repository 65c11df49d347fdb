import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioDouble,
  type TwilioDouble,
} from "./testing/twilioDouble";
import { classifyTwilioError, createTwilioProvider, twilioStatus } from "./twilioProvider";
import { twilioSignature, twilioSignatureValid } from "./twilioSignature";

let double: TwilioDouble;
beforeAll(async () => {
  double = await startTwilioDouble();
});
afterAll(() => double.stop());

const callbackUrl = "https://slotted.example/api/sms/twilio/status";
const provider = () =>
  createTwilioProvider({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
    apiUrl: double.url,
  });

describe("the Twilio provider", () => {
  it("sends a form-encoded message with basic auth and its status callback", async () => {
    const result = await provider().send({
      to: "+4915112345678",
      body: "Your meeting starts at 10:00",
      statusCallbackUrl: callbackUrl,
    });
    expect(result).toMatchObject({ ok: true, status: "queued", segments: 1 });
    const sent = double.messages.at(-1)!;
    expect(result.ok && result.providerId).toBe(sent.sid);
    expect(sent).toMatchObject({ to: "+4915112345678", from: FROM, statusCallback: callbackUrl });
  });

  it("sends from a Messaging Service when TWILIO_FROM is one", async () => {
    const service = `MG${"a".repeat(32)}`;
    const result = await createTwilioProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: service,
      apiUrl: double.url,
    }).send({ to: "+4915112345678", body: "hi", statusCallbackUrl: callbackUrl });
    expect(result.ok).toBe(true);
    expect(double.messages.at(-1)!.from).toBe(service);
  });

  it("reads Twilio's error codes: invalid number, opted out, throttled, down, wrong token", async () => {
    const send = (to: string) =>
      provider().send({ to, body: "hi", statusCallbackUrl: callbackUrl });
    expect(await send("+12")).toMatchObject({
      ok: false,
      kind: "invalid_number",
      permanent: true,
      code: 21211,
    });
    double.optedOut.add("+4915100000001");
    expect(await send("+4915100000001")).toMatchObject({
      ok: false,
      kind: "opted_out",
      permanent: true,
      code: 21610,
    });
    double.failNext(1, 429);
    expect(await send("+4915112345678")).toMatchObject({
      ok: false,
      kind: "error",
      permanent: false,
      code: 20429,
    });
    double.failNext(1, 503);
    expect(await send("+4915112345678")).toMatchObject({ ok: false, permanent: false });
    const wrong = await createTwilioProvider({
      accountSid: ACCOUNT_SID,
      authToken: "not-the-token",
      from: FROM,
      apiUrl: double.url,
    }).send({ to: "+4915112345678", body: "hi", statusCallbackUrl: callbackUrl });
    expect(wrong).toMatchObject({ ok: false, permanent: false, code: 20003 });
  });

  it("answers a network failure as one to retry", async () => {
    const result = await createTwilioProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      apiUrl: "http://127.0.0.1:1",
    }).send({ to: "+4915112345678", body: "hi", statusCallbackUrl: callbackUrl });
    expect(result).toMatchObject({ ok: false, kind: "error", permanent: false, code: null });
  });

  it("checks the double's signed callbacks, and refuses a changed one", async () => {
    const result = await provider().send({
      to: "+4915112345678",
      body: "hi",
      statusCallbackUrl: callbackUrl,
    });
    if (!result.ok) throw new Error("not sent");
    const callback = double.statusCallback(result.providerId, "delivered");
    const signature = callback.headers["x-twilio-signature"];
    expect(provider().verifyCallback(callback.url, callback.form, signature)).toBe(true);
    expect(
      provider().verifyCallback(
        callback.url,
        { ...callback.form, MessageStatus: "failed" },
        signature,
      ),
    ).toBe(false);
    expect(provider().verifyCallback(`${callback.url}?x=1`, callback.form, signature)).toBe(false);
    expect(provider().verifyCallback(callback.url, callback.form, undefined)).toBe(false);
  });
});

describe("Twilio's signature", () => {
  it("matches the vector of Twilio's own SDK tests (RequestValidatorTest)", () => {
    const params = {
      CallSid: "CA1234567890ABCDE",
      Caller: "+14158675309",
      Digits: "1234",
      From: "+14158675309",
      To: "+18005551212",
    };
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    expect(twilioSignature("12345", url, params)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    expect(twilioSignatureValid("12345", url, params, "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).toBe(true);
    expect(twilioSignatureValid("12346", url, params, "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).toBe(false);
  });
});

describe("Twilio's statuses and errors", () => {
  it("maps statuses and classifies errors", () => {
    expect(twilioStatus("sending")).toBe("queued");
    expect(twilioStatus("read")).toBe("delivered");
    expect(twilioStatus("canceled")).toBe("failed");
    expect(twilioStatus("receiving")).toBeNull();
    expect(classifyTwilioError(400, 21614)).toEqual({ kind: "invalid_number", permanent: true });
    expect(classifyTwilioError(400, 21408)).toEqual({ kind: "error", permanent: true });
    expect(classifyTwilioError(500, null)).toEqual({ kind: "error", permanent: false });
  });
});

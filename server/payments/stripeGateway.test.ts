import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DECLINED,
  NEEDS_AUTHENTICATION,
  type StripeDouble,
  SUCCEEDS,
  startStripeDouble,
} from "../test/stripeDouble";
import { BadSignatureError, GatewayError, type PaymentGateway } from "./paymentGateway";
import { stripeGateway } from "./stripeGateway";

let double: StripeDouble;
let gateway: PaymentGateway;

beforeAll(async () => {
  double = await startStripeDouble();
  gateway = stripeGateway(double.config);
});
afterAll(() => double.stop());

const booking = (bookingId: string) => ({
  bookingId,
  attendeeId: "6c1d5e0e-4a9b-4a35-9a5e-0a4c2b1f0c01",
  amount: 2500,
  currency: "EUR",
  description: "Consultation",
  email: "ann@example.com",
});

describe("stripeGateway, through the real SDK against the double", () => {
  it("creates one payment per booking, however often it is asked", async () => {
    const id = "0b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11";
    const first = await gateway.createPayment(booking(id));
    const again = await gateway.createPayment(booking(id));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      state: "requires_payment_method",
      amount: 2500,
      currency: "EUR",
      bookingId: id,
    });
    expect(first.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(double.intents.get(first.id)?.metadata.bookingId).toBe(id);
  });

  it("reads a payment as the card left it: paid, declined, needing authentication", async () => {
    const paid = await gateway.createPayment(booking("1b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    double.confirm(paid.id, SUCCEEDS);
    expect((await gateway.retrievePayment(paid.id)).state).toBe("succeeded");
    const declined = await gateway.createPayment(booking("2b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    double.confirm(declined.id, DECLINED);
    expect((await gateway.retrievePayment(declined.id)).state).toBe("requires_payment_method");
    const secure = await gateway.createPayment(booking("3b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    double.confirm(secure.id, NEEDS_AUTHENTICATION);
    expect((await gateway.retrievePayment(secure.id)).state).toBe("requires_action");
    double.authenticate(secure.id, true);
    expect((await gateway.retrievePayment(secure.id)).state).toBe("succeeded");
  });

  it("cancels an unpaid payment, and says how a paid one is instead of failing", async () => {
    const open = await gateway.createPayment(booking("4b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    expect((await gateway.cancelPayment(open.id)).state).toBe("canceled");
    expect((await gateway.cancelPayment(open.id)).state).toBe("canceled");
    const paid = await gateway.createPayment(booking("5b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    double.confirm(paid.id, SUCCEEDS);
    expect((await gateway.cancelPayment(paid.id)).state).toBe("succeeded");
  });

  it("refunds once per key, and reports an outage as worth retrying", async () => {
    const paid = await gateway.createPayment(booking("6b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    double.confirm(paid.id, SUCCEEDS);
    double.failRefunds(3);
    const failure = await gateway.refundPayment(paid.id, 1000, "refund-1").catch((e) => e);
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as GatewayError).retryable).toBe(true);
    const refund = await gateway.refundPayment(paid.id, 1000, "refund-1");
    expect(await gateway.refundPayment(paid.id, 1000, "refund-1")).toEqual(refund);
    expect(double.refunds.filter((r) => r.payment_intent === paid.id)).toHaveLength(1);
    const tooMuch = await gateway.refundPayment(paid.id, 2000, "refund-2").catch((e) => e);
    expect(tooMuch).toBeInstanceOf(GatewayError);
    expect((tooMuch as GatewayError).retryable).toBe(false);
  });

  it("believes a notification only with a valid, fresh signature", async () => {
    const paid = await gateway.createPayment(booking("7b8e5a52-96c4-4d4c-8f64-5f2f0b6b7a11"));
    double.confirm(paid.id, SUCCEEDS);
    // Signed and checked at one fixed instant, whatever the date of the run.
    const now = new Date("2027-01-04T06:00:00Z");
    const timestamp = Math.floor(now.getTime() / 1000);
    const good = double.webhook("payment_intent.succeeded", paid.id, { timestamp });
    const parsed = gateway.verifiedNotification(Buffer.from(good.body), good.signature, now);
    expect(parsed).toMatchObject({
      id: good.eventId,
      type: "payment_intent.succeeded",
      payment: { id: paid.id, state: "succeeded" },
    });
    const forged = double.webhook("payment_intent.succeeded", paid.id, {
      secret: "whsec_other",
      timestamp,
    });
    const stale = double.webhook("payment_intent.succeeded", paid.id, {
      timestamp: timestamp - 600,
    });
    for (const [body, signature] of [
      [forged.body, forged.signature],
      [stale.body, stale.signature],
      [good.body.replace("succeeded", "canceled"), good.signature],
      [good.body, undefined],
    ] as const) {
      expect(() => gateway.verifiedNotification(Buffer.from(body), signature, now)).toThrow(
        BadSignatureError,
      );
    }
  });
});

import { describe, expect, it } from "vitest";
import { paymentFailureReason, readPaymentFailureReason } from "./paymentFailure";

describe("paymentFailureReason", () => {
  it("names the decline the invitee can act on", () => {
    expect(
      paymentFailureReason({ code: "card_declined", decline_code: "insufficient_funds" }),
    ).toBe("insufficientFunds");
    expect(paymentFailureReason({ code: "card_declined", decline_code: "expired_card" })).toBe(
      "expiredCard",
    );
    expect(paymentFailureReason({ code: "expired_card" })).toBe("expiredCard");
    expect(paymentFailureReason({ code: "incorrect_cvc" })).toBe("incorrectCvc");
    expect(paymentFailureReason({ code: "payment_intent_authentication_failure" })).toBe(
      "authenticationFailed",
    );
    expect(paymentFailureReason({ code: "processing_error" })).toBe("processingError");
  });

  it("says a plain decline for the others, and nothing without a code", () => {
    expect(paymentFailureReason({ code: "card_declined", decline_code: "stolen_card" })).toBe(
      "declined",
    );
    expect(paymentFailureReason({ code: "card_declined", decline_code: "generic_decline" })).toBe(
      "declined",
    );
    expect(paymentFailureReason({ code: "resource_missing" })).toBeNull();
    expect(paymentFailureReason(undefined)).toBeNull();
  });

  it("reads only known reasons from the page's address", () => {
    expect(readPaymentFailureReason("insufficientFunds")).toBe("insufficientFunds");
    expect(readPaymentFailureReason("constructor")).toBeNull();
    expect(readPaymentFailureReason(null)).toBeNull();
  });
});

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook } from "./signWebhook";

describe("signWebhook", () => {
  it("signs timestamp and body so a receiver can recompute it", () => {
    const header = signWebhook("whsec_test", 1_780_000_000, '{"a":1}');
    const expected = createHmac("sha256", "whsec_test").update('1780000000.{"a":1}').digest("hex");
    expect(header).toBe(`t=1780000000,v1=${expected}`);
    expect(signWebhook("whsec_test", 1_780_000_001, '{"a":1}')).not.toBe(header);
    expect(signWebhook("whsec_other", 1_780_000_000, '{"a":1}')).not.toBe(header);
  });
});

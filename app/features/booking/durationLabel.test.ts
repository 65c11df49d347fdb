import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n";
import { durationLabel } from "./durationLabel";

describe("durationLabel", () => {
  it("writes minutes, hours and both", async () => {
    const { t } = await createI18n("en");
    expect(durationLabel(30, t)).toBe("30 minutes");
    expect(durationLabel(90, t)).toBe("1 hour 30 minutes");
  });

  it("writes the numbers in the language's digits", async () => {
    const { t } = await createI18n("fa");
    const label = durationLabel(30, t, "fa-u-ca-persian");
    expect(label).toContain("۳۰");
    expect(label).not.toMatch(/\d/);
  });
});

import { describe, expect, it } from "vitest";
import { formatWhen } from "../i18n/formatWhen";
import { plainSmsText } from "./plainSmsText";
import { countSmsSegments } from "./segments";

describe("plainSmsText", () => {
  it("keeps an English reminder with an Intl time range in GSM-7, in one part", () => {
    const when = formatWhen(
      "2027-03-15T14:00:00Z",
      "2027-03-15T14:30:00Z",
      "America/New_York",
      12,
      "en",
    );
    const text = `Reminder: Intro call with Wanda, ${when}. Don’t be late…`;
    expect(countSmsSegments(text).encoding).toBe("UCS-2");
    const plain = plainSmsText(text);
    expect(countSmsSegments(plain)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(plain).toContain("10:00 - 10:30 AM");
    expect(plain).toContain("Don't be late...");
  });

  it("leaves letters outside GSM-7 as they are", () => {
    expect(plainSmsText("تذكير – ١٥ مارس")).toBe("تذكير - ١٥ مارس");
    expect(plainSmsText("Grüße 🙂")).toBe("Grüße 🙂");
  });
});

import { describe, expect, it } from "vitest";
import { decodeMessage } from "../issueMessage";
import { message } from "../messages";
import { instantField } from "./bookingRequestSchema";

describe("instantField", () => {
  it("takes ISO instants with Z or an offset", () => {
    expect(instantField.parse("2027-01-04T08:00:00Z")).toBe("2027-01-04T08:00:00Z");
    expect(instantField.safeParse("2027-01-04T09:00:00+01:00").success).toBe(true);
  });

  it("refuses year 0 and years past 9999 with the range, a malformed time with one message", () => {
    const range = message("time.useDateBetween", { earliest: "1970-01-01", latest: "9999-12-31" });
    for (const text of ["0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z"]) {
      expect(
        instantField.safeParse(text).error?.issues.map((i) => decodeMessage(i.message)),
        text,
      ).toEqual([range]);
    }
    expect(
      instantField.safeParse("soon").error?.issues.map((i) => decodeMessage(i.message)),
    ).toEqual([message("time.chooseTime")]);
  });
});

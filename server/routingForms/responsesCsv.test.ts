import { describe, expect, it } from "vitest";
import { testField } from "../../core/routingForms/testing/formFixtures";
import { csvCell, responsesCsv } from "./responsesCsv";

describe("csvCell", () => {
  it("quotes separators, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+49 30")).toBe("'+49 30");
    expect(csvCell("@cmd")).toBe("'@cmd");
  });
});

describe("responsesCsv", () => {
  it("writes a header with the questions' labels and one CRLF line per response", () => {
    const csv = responsesCsv(
      [
        testField("a", "SHORT_TEXT", { label: "Name" }),
        testField("b", "MULTI_SELECT", { label: "Topics" }),
      ],
      new Map([["r1", "1"]]),
      [
        {
          id: "x",
          createdAt: "2027-01-04T06:00:00.000Z",
          answers: { a: "Ann", b: ["API", "Billing"], gone: "dropped" },
          routeId: "r1",
          actionType: "EVENT_TYPE",
          utm: { utm_source: "news" },
          booking: { eventId: "e", start: "2027-01-05T08:00:00.000Z", status: "CONFIRMED" },
        },
      ],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "submitted_at,Name,Topics,route,action,booking_id,booking_start,utm_source,utm_medium,utm_campaign,utm_content,utm_term",
      '2027-01-04T06:00:00.000Z,Ann,"API, Billing",1,EVENT_TYPE,e,2027-01-05T08:00:00.000Z,news,,,,',
      "",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a header and rows with CRLF, numbers bare, after a byte order mark", () => {
    expect(
      toCsv(
        ["Day", "Bookings"],
        [
          ["2026-03-01", 3],
          ["2026-03-02", 0],
        ],
      ),
    ).toBe("\uFEFFDay,Bookings\r\n2026-03-01,3\r\n2026-03-02,0\r\n");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(toCsv(["Title"], [['Say "hi", then go'], ["two\nlines"]])).toBe(
      '\uFEFFTitle\r\n"Say ""hi"", then go"\r\n"two\nlines"\r\n',
    );
  });

  it("keeps a formula-looking text as text", () => {
    expect(toCsv(["Title"], [["=HYPERLINK(1)"], ["-5 call"], ["@team"]])).toBe(
      "\uFEFFTitle\r\n'=HYPERLINK(1)\r\n'-5 call\r\n'@team\r\n",
    );
  });
});

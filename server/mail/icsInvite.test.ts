import { describe, expect, it } from "vitest";
import { type IcsEvent, icsInvite, icsParameterValue } from "./icsInvite";

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/**
 * A strict reader of RFC 5545 content lines: unfolds, splits parameters outside quotes,
 * refuses a quote inside a quoted value, and decodes RFC 6868's caret encoding.
 */
function parseIcs(text: string): ContentLine[] {
  for (const physical of text.split("\r\n")) {
    expect(Buffer.byteLength(physical), physical).toBeLessThanOrEqual(75);
  }
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      let index = 0;
      const readName = () => {
        const match = /^[A-Za-z0-9-]+/.exec(line.slice(index));
        if (!match) throw new Error(`bad name at ${index} in ${line}`);
        index += match[0].length;
        return match[0].toUpperCase();
      };
      const name = readName();
      const params: Record<string, string> = {};
      while (line[index] === ";") {
        index += 1;
        const param = readName();
        if (line[index] !== "=") throw new Error(`expected = in ${line}`);
        index += 1;
        let raw: string;
        if (line[index] === '"') {
          const end = line.indexOf('"', index + 1);
          if (end < 0) throw new Error(`unterminated quote in ${line}`);
          raw = line.slice(index + 1, end);
          index = end + 1;
        } else {
          const match = /^[^";:,]*/.exec(line.slice(index))!;
          raw = match[0];
          index += raw.length;
        }
        params[param] = raw.replace(/\^(\^|n|')/g, (_, c: string) =>
          c === "n" ? "\n" : c === "'" ? '"' : "^",
        );
      }
      if (line[index] !== ":") throw new Error(`expected : at ${index} in ${line}`);
      return { name, params, value: line.slice(index + 1) };
    });
}

const base: IcsEvent = {
  uid: "meeting-1@slotted",
  sequence: 0,
  stamp: "2026-11-20T10:00:00Z",
  start: "2026-11-23T08:00:00Z",
  end: "2026-11-23T08:30:00Z",
  title: "Intro",
  description: "",
  location: null,
  url: null,
  organizer: { name: "Ada Host", email: "ada@example.com" },
  attendees: [],
  cancelled: false,
};

describe("icsInvite", () => {
  it("quotes names per RFC 5545/6868, so a quote cannot add parameters or properties", () => {
    const organizerName = 'Ada "The Countess" Lovelace; ROLE=CHAIR:mailto:evil@example.com';
    const attendeeName = "Bob\nATTENDEE:mailto:intruder@example.com";
    const caretName = "Ca^rl, Jr. — Ünïcødé ".repeat(4).trim();
    const lines = parseIcs(
      icsInvite(
        {
          ...base,
          organizer: { name: organizerName, email: "ada@example.com" },
          attendees: [
            { name: attendeeName, email: "bob@example.com" },
            { name: caretName, email: "carl@example.com" },
          ],
        },
        "REQUEST",
      ),
    );
    const organizer = lines.filter((l) => l.name === "ORGANIZER");
    const attendees = lines.filter((l) => l.name === "ATTENDEE");
    expect(organizer).toEqual([
      { name: "ORGANIZER", params: { CN: organizerName }, value: "mailto:ada@example.com" },
    ]);
    expect(attendees.map((a) => [a.params.CN, a.value.toLowerCase()])).toEqual([
      [attendeeName, "mailto:bob@example.com"],
      [caretName, "mailto:carl@example.com"],
    ]);
    expect(attendees[0]?.params).toMatchObject({ ROLE: "REQ-PARTICIPANT", PARTSTAT: "ACCEPTED" });
  });

  it("caret-encodes a parameter value and drops control characters it cannot hold", () => {
    expect(icsParameterValue('a\u0007b"c^d\r\ne\tf')).toBe(`"ab^'c^^d^ne\tf"`);
  });

  it("leaves a text that looks like a placeholder alone", () => {
    const lines = parseIcs(
      icsInvite({ ...base, title: 'x;CN="slotted-cn-0"', description: "slotted-cn-0" }, "PUBLISH"),
    );
    expect(lines.find((l) => l.name === "SUMMARY")?.value).toBe('x\\;CN="slotted-cn-0"');
    expect(lines.find((l) => l.name === "ORGANIZER")?.params.CN).toBe("Ada Host");
  });

  it("writes UTC times, the method and the UID", () => {
    const lines = parseIcs(icsInvite({ ...base, sequence: 2, cancelled: true }, "CANCEL"));
    const value = (name: string) => lines.find((l) => l.name === name)?.value;
    expect(value("METHOD")).toBe("CANCEL");
    expect(value("UID")).toBe("meeting-1@slotted");
    expect(value("SEQUENCE")).toBe("2");
    expect(value("DTSTART")).toBe("20261123T080000Z");
    expect(value("STATUS")).toBe("CANCELLED");
  });
});

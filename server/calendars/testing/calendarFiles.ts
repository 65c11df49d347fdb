import type { Radicale } from "../../test/radicale";

/** An iCalendar file of `events` (each a VEVENT's lines without BEGIN/END). */
export function icsFile(...events: string[][]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//slotted tests//EN",
    ...events.flatMap((lines) => [
      "BEGIN:VEVENT",
      "DTSTAMP:20261201T000000Z",
      ...lines,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** Stores `ics` as `{name}.ics` in a Radicale calendar. */
export async function putEvent(
  radicale: Radicale,
  calendarUrl: string,
  name: string,
  ics: string,
): Promise<void> {
  const response = await fetch(`${calendarUrl}${name}.ics`, {
    method: "PUT",
    headers: { authorization: radicale.authorization, "content-type": "text/calendar" },
    body: ics,
  });
  if (response.status >= 300) throw new Error(`PUT ${response.status}: ${await response.text()}`);
}

/** The files of a Radicale calendar, by href, their text unfolded. */
export async function calendarFiles(
  radicale: Radicale,
  calendarUrl: string,
): Promise<Map<string, string>> {
  const response = await fetch(calendarUrl, {
    method: "PROPFIND",
    headers: { authorization: radicale.authorization, depth: "1" },
  });
  const hrefs = [
    ...(await response.text()).matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g),
  ].map((m) => m[1]!);
  const files = new Map<string, string>();
  for (const href of hrefs) {
    const file = await fetch(new URL(href, calendarUrl), {
      headers: { authorization: radicale.authorization },
    });
    files.set(href, (await file.text()).replace(/\r\n[ \t]/g, ""));
  }
  return files;
}

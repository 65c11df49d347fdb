import { describe, expect, it } from "vitest";
import { calendarLinks } from "./calendarLinks";

const entry = {
  title: "Intro & call",
  description: "Talk about it",
  location: "https://meet.example.com/x",
  start: Date.UTC(2026, 10, 23, 8, 0),
  end: Date.UTC(2026, 10, 23, 8, 30),
};

describe("calendarLinks", () => {
  it("gives Google the compact UTC range and escapes the text", () => {
    const url = new URL(calendarLinks(entry).google);
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("dates")).toBe("20261123T080000Z/20261123T083000Z");
    expect(url.searchParams.get("text")).toBe("Intro & call");
    expect(url.searchParams.get("location")).toBe("https://meet.example.com/x");
  });

  it("gives Outlook Live and Office 365 their compose deep links with ISO instants", () => {
    const { outlook, office365 } = calendarLinks(entry);
    for (const [link, host] of [
      [outlook, "outlook.live.com"],
      [office365, "outlook.office.com"],
    ] as const) {
      const url = new URL(link);
      expect(url.host).toBe(host);
      expect(url.searchParams.get("rru")).toBe("addevent");
      expect(url.searchParams.get("startdt")).toBe("2026-11-23T08:00:00.000Z");
      expect(url.searchParams.get("enddt")).toBe("2026-11-23T08:30:00.000Z");
      expect(url.searchParams.get("subject")).toBe("Intro & call");
    }
  });
});

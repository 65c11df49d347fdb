/** What a calendar needs to add a booked meeting. */
export interface CalendarEntry {
  title: string;
  description: string;
  location: string;
  /** Epoch ms. */
  start: number;
  end: number;
}

export interface CalendarLinks {
  google: string;
  outlook: string;
  office365: string;
}

/** 20261123T080000Z, Google's compact UTC form. */
function compactUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function outlookLink(base: string, entry: CalendarEntry): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: entry.title,
    startdt: new Date(entry.start).toISOString(),
    enddt: new Date(entry.end).toISOString(),
    body: entry.description,
    location: entry.location,
  });
  return `${base}/calendar/0/deeplink/compose?${params}`;
}

/**
 * "Add to calendar" links of the confirmation page: Google Calendar, Outlook Live and
 * Office 365, all in UTC so no zone is guessed. Pure; never throws for finite instants.
 */
export function calendarLinks(entry: CalendarEntry): CalendarLinks {
  const google = new URLSearchParams({
    action: "TEMPLATE",
    text: entry.title,
    dates: `${compactUtc(entry.start)}/${compactUtc(entry.end)}`,
    details: entry.description,
    location: entry.location,
  });
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: outlookLink("https://outlook.live.com", entry),
    office365: outlookLink("https://outlook.office.com", entry),
  };
}

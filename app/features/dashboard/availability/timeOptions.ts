/** "HH:mm" every `step` minutes from 00:00; with `end`, up to and including 24:00. */
export function timeOptions(step: number, end: boolean): string[] {
  const times: string[] = [];
  for (let minutes = end ? step : 0; minutes <= (end ? 1440 : 1440 - step); minutes += step) {
    const h = String(Math.floor(minutes / 60)).padStart(2, "0");
    const m = String(minutes % 60).padStart(2, "0");
    times.push(`${h}:${m}`);
  }
  return times;
}

/** A wall time as the host reads it: "13:30" or "1:30 PM"; "24:00" is midnight at the day's end. */
export function wallTimeLabel(time: string, hour12: boolean, locale: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const date = new Date(Date.UTC(2024, 0, 1, h % 24, m));
  const label = new Intl.DateTimeFormat(locale, {
    hour: hour12 ? "numeric" : "2-digit",
    minute: "2-digit",
    hourCycle: hour12 ? "h12" : "h23",
    timeZone: "UTC",
  }).format(date);
  return h === 24 && !hour12 ? "24:00" : label;
}

/** Minutes since midnight of "HH:mm". */
export function toMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
}

/** The range after `last` that a host most likely wants next: an hour later, an hour long. */
export function nextRange(last: { end: string } | undefined): { start: string; end: string } {
  if (!last) return { start: "09:00", end: "17:00" };
  const start = Math.min(toMinutes(last.end) + 60, 1380);
  const end = Math.min(start + 60, 1440);
  const format = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return { start: format(start), end: format(end) };
}

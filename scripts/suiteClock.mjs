// The instants the browser suite runs at. The server it starts runs on a test clock from one of
// them (TEST_CLOCK_START) and every browser context gets the same time through Playwright's
// clock, so no test depends on the hour the machine happens to run it.
//
// The day is taken a week or more ahead of the real date (cookies and sessions the browser
// keeps are judged by its own real clock, so the suite's time must never be in their past);
// the time of day is always the one chosen here, never the machine's.

export const SUITE_ZONE = "Europe/Berlin";
/** The suite's usual time: a weekday morning in Berlin. */
export const SUITE_TIME = "09:30";
const DAY_MS = 86_400_000;

const wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SUITE_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Berlin's offset from UTC at `ms`, in milliseconds. */
function offsetAt(ms) {
  const parts = Object.fromEntries(wallFormat.formatToParts(ms).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant Berlin's clocks show `date` (yyyy-MM-dd) `time` (HH:mm); the earlier of two. */
export function berlinInstant(date, time) {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) throw new Error(`not a date and time: ${date} ${time}`);
  const before = wall - offsetAt(wall - DAY_MS / 2);
  const after = wall - offsetAt(wall + DAY_MS / 2);
  // Across a change the two guesses differ; the one whose wall time matches wins.
  for (const guess of [Math.min(before, after), Math.max(before, after)]) {
    if (guess + offsetAt(guess) === wall) return new Date(guess);
  }
  throw new Error(`${date} ${time} does not exist in ${SUITE_ZONE} (the clocks skip it)`);
}

/** Berlin's date (yyyy-MM-dd) at `instant`. */
export function berlinDate(instant) {
  const ms = instant.getTime();
  return new Date(ms + offsetAt(ms)).toISOString().slice(0, 10);
}

/** Berlin's wall time (yyyy-MM-dd HH:mm) at `instant`, for messages. */
export function berlinWallTime(instant) {
  const ms = instant.getTime();
  return new Date(ms + offsetAt(ms)).toISOString().slice(0, 16).replace("T", " ");
}

const addDays = (date, days) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The suite's day: the first Tuesday at least seven days after `today` (yyyy-MM-dd). */
export function suiteDay(today) {
  let day = addDays(today, 7);
  while (weekday(day) !== 2) day = addDays(day, 1);
  return day;
}

/** The last day of the first month that ends at least seven days after `today`. */
export function monthEndAhead(today) {
  const soonest = addDays(today, 7);
  const [year, month] = soonest.split("-").map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The first day at least seven days after `today` on which Berlin's clocks change. */
export function clockChangeDayAhead(today) {
  let day = addDays(today, 7);
  for (let i = 0; i < 400; i++, day = addDays(day, 1)) {
    if (weekday(day) !== 0) continue;
    const start = Date.parse(`${day}T00:00:00Z`);
    if (offsetAt(start) !== offsetAt(start + DAY_MS)) return day;
  }
  throw new Error(`${SUITE_ZONE} changes its clocks in no day of the coming year`);
}

/**
 * The instant of SLOTTED_FAKE_NOW: an ISO instant with its offset, a Berlin wall time
 * (yyyy-MM-ddTHH:mm), or HH:mm on the suite's day; without it, the suite's usual time.
 */
export function suiteInstant(fakeNow, today) {
  const value = (fakeNow ?? "").trim();
  if (value === "") return berlinInstant(suiteDay(today), SUITE_TIME);
  if (/^\d{2}:\d{2}$/.test(value)) return berlinInstant(suiteDay(today), value);
  const wall = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (wall) return berlinInstant(wall[1], wall[2]);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  throw new Error(
    `SLOTTED_FAKE_NOW must be HH:mm (Berlin, on the suite's day), yyyy-MM-ddTHH:mm (Berlin) or an ISO instant with its offset, got "${value}".`,
  );
}

/**
 * The sweep the browser suite must pass at (issue 37): four hours of a weekday, the evening
 * of a month's last day, and the night a clock change happens in, each as SLOTTED_FAKE_NOW.
 */
export function sweep(today) {
  const day = suiteDay(today);
  const monthEnd = monthEndAhead(today);
  const change = clockChangeDayAhead(today);
  return [
    { name: "00:05 on a weekday", fakeNow: `${day}T00:05` },
    { name: "09:19 on a weekday", fakeNow: `${day}T09:19` },
    { name: "16:04 on a weekday", fakeNow: `${day}T16:04` },
    { name: "23:55 on a weekday", fakeNow: `${day}T23:55` },
    { name: "23:55 on the last day of a month", fakeNow: `${monthEnd}T23:55` },
    { name: "01:55 on a clock-change day", fakeNow: `${change}T01:55` },
  ];
}

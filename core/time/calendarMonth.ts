import type { CalendarType } from "../i18n/intlLocale";
import { formatLocalDate, mondayOnOrBefore, parseLocalDate } from "./localDate";

/** A day of the month calendar (spec §3 "Calendar day"). */
export interface CalendarDay {
  /** yyyy-MM-dd (Gregorian); year, month and dayOfMonth are in the month's calendar. */
  id: string;
  year: number;
  /** 1 to 12. */
  month: number;
  dayOfMonth: number;
  /** 1 (Monday) to 7 (Sunday). */
  dayOfWeek: number;
  /** Saturday and Sunday (spec §9); in the Solar Hijri calendar, Friday. */
  isHoliday: boolean;
}

/**
 * A month as yyyy-MM (Gregorian) or p + yyyy-MM (Persian, e.g. 'p1405-09' for Azar 1405).
 * Months of one calendar compare as strings; the days inside are always Gregorian dates,
 * the API's.
 */
export type MonthId = string;

const persianPrefix = "p";
const isPersian = (month: MonthId) => month.startsWith(persianPrefix);

/** The calendar a month belongs to. */
export function calendarOf(month: MonthId): CalendarType {
  return isPersian(month) ? "persian" : "gregorian";
}

const persianParts = new Intl.DateTimeFormat("en-u-ca-persian-nu-latn", {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  timeZone: "UTC",
});

/** The Persian (Solar Hijri) year, month and day of a yyyy-MM-dd date. */
export function persianDate(isoDate: string): { year: number; month: number; day: number } {
  const parts = persianParts.formatToParts(new Date(`${isoDate}T12:00:00Z`));
  const part = (type: string) =>
    Number.parseInt(parts.find((p) => p.type === type)?.value ?? "", 10);
  return { year: part("year"), month: part("month"), day: part("day") };
}

const splitMonth = (month: MonthId) => {
  const [year = 1970, monthNumber = 1] = month.replace(persianPrefix, "").split("-").map(Number);
  return { year, monthNumber };
};
const monthId = (year: number, monthNumber: number, persian: boolean) =>
  `${persian ? persianPrefix : ""}${year}-${String(monthNumber).padStart(2, "0")}`;

/** The month of `calendarType` a yyyy-MM-dd date falls in. */
export function monthOf(isoDate: string, calendarType: CalendarType = "gregorian"): MonthId {
  if (calendarType === "gregorian") return isoDate.slice(0, 7);
  const { year, month } = persianDate(isoDate);
  return monthId(year, month, true);
}

/** The month `offset` months after `month` (negative goes back), in the same calendar. */
export function addMonths(month: MonthId, offset: number): MonthId {
  const { year, monthNumber } = splitMonth(month);
  const index = year * 12 + (monthNumber - 1) + offset;
  return monthId(Math.floor(index / 12), (index % 12) + 1, isPersian(month));
}

export function firstDayOfMonth(month: MonthId): string {
  if (!isPersian(month)) return `${month}-01`;
  const { year, monthNumber } = splitMonth(month);
  // Farvardin 1 falls on March 20 or 21 (Gregorian year + 621); the first six months have
  // 31 days, the next five 30. A guess two days into the month is inside it, whatever the
  // leap years did; the day of month it has then gives the first day exactly.
  const daysBefore = monthNumber <= 7 ? (monthNumber - 1) * 31 : 186 + (monthNumber - 7) * 30;
  const guess = parseLocalDate(`${year + 621}-03-21`) + daysBefore + 2;
  return formatLocalDate(guess - (persianDate(formatLocalDate(guess)).day - 1));
}

/**
 * The month a calendar shows: `month` when it is of `calendarType` and not over, else the
 * month (of that calendar) of the chosen date, else of the asked-for month's first day that is
 * not past, else of today. A link's month in the other calendar, or the invitee switching
 * calendars, lands on the same days; a link to a month already over opens today's.
 */
export function monthToShow(
  month: MonthId | null,
  chosenDate: string | null,
  today: string,
  calendarType: CalendarType,
): MonthId {
  if (month !== null && calendarOf(month) === calendarType) {
    return lastDayOfMonth(month) < today ? monthOf(today, calendarType) : month;
  }
  if (chosenDate !== null) return monthOf(chosenDate, calendarType);
  if (month === null) return monthOf(today, calendarType);
  const from = firstDayOfMonth(month) > today ? firstDayOfMonth(month) : today;
  return monthOf(from, calendarType);
}

export function lastDayOfMonth(month: MonthId): string {
  return formatLocalDate(parseLocalDate(firstDayOfMonth(addMonths(month, 1))) - 1);
}

/**
 * The weekday a month's weeks start on (1 Monday … 7 Sunday): Monday, as the spec says, except
 * in the Solar Hijri calendar, whose week starts on Saturday.
 */
export function weekStart(month: MonthId): number {
  return isPersian(month) ? 6 : 1;
}

/**
 * The weeks of `month`, from its weekStart; days of the neighbouring months are null so every
 * week has seven cells.
 */
export function calendarWeeks(month: MonthId): (CalendarDay | null)[][] {
  const first = parseLocalDate(firstDayOfMonth(month));
  const last = parseLocalDate(lastDayOfMonth(month));
  const startDay = weekStart(month);
  // The start weekday on or before the first: from the Monday on or before the day that many
  // days later, back again.
  const shift = (8 - startDay) % 7;
  const weeks: (CalendarDay | null)[][] = [];
  for (
    let firstOfWeek = mondayOnOrBefore(first + shift) - shift;
    firstOfWeek <= last;
    firstOfWeek += 7
  ) {
    const week: (CalendarDay | null)[] = [];
    for (let offset = 0; offset < 7; offset += 1) {
      const day = firstOfWeek + offset;
      if (day < first || day > last) {
        week.push(null);
        continue;
      }
      const id = formatLocalDate(day);
      const inCalendar = isPersian(month)
        ? persianDate(id)
        : {
            year: Number(id.slice(0, 4)),
            month: Number(id.slice(5, 7)),
            day: Number(id.slice(8, 10)),
          };
      week.push({
        id,
        year: inCalendar.year,
        month: inCalendar.month,
        dayOfMonth: inCalendar.day,
        dayOfWeek: ((startDay - 1 + offset) % 7) + 1,
        // The weekend: Saturday and Sunday; in the Solar Hijri calendar, Friday.
        isHoliday: isPersian(month) ? offset === 6 : offset >= 5,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

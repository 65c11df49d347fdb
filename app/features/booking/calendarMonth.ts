import { formatLocalDate, mondayOnOrBefore, parseLocalDate } from "../../../core/time/localDate";

/** A day of the month calendar (spec §3 "Calendar day"). */
export interface CalendarDay {
  /** yyyy-MM-dd. */
  id: string;
  year: number;
  /** 1 to 12. */
  month: number;
  dayOfMonth: number;
  /** 1 (Monday) to 7 (Sunday). */
  dayOfWeek: number;
  /** Saturday and Sunday (spec §9). */
  isHoliday: boolean;
}

/** A month as yyyy-MM. */
export type MonthId = string;

export function monthOf(isoDate: string): MonthId {
  return isoDate.slice(0, 7);
}

/** The month `offset` months after `month` (negative goes back). */
export function addMonths(month: MonthId, offset: number): MonthId {
  const [year = 1970, monthNumber = 1] = month.split("-").map(Number);
  const index = year * 12 + (monthNumber - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function firstDayOfMonth(month: MonthId): string {
  return `${month}-01`;
}

export function lastDayOfMonth(month: MonthId): string {
  return formatLocalDate(parseLocalDate(firstDayOfMonth(addMonths(month, 1))) - 1);
}

/**
 * The weeks of `month`, Monday first; days of the neighbouring months are null so every
 * week has seven cells.
 */
export function calendarWeeks(month: MonthId): (CalendarDay | null)[][] {
  const first = parseLocalDate(firstDayOfMonth(month));
  const last = parseLocalDate(lastDayOfMonth(month));
  const weeks: (CalendarDay | null)[][] = [];
  for (let weekStart = mondayOnOrBefore(first); weekStart <= last; weekStart += 7) {
    const week: (CalendarDay | null)[] = [];
    for (let offset = 0; offset < 7; offset += 1) {
      const day = weekStart + offset;
      if (day < first || day > last) {
        week.push(null);
        continue;
      }
      const id = formatLocalDate(day);
      week.push({
        id,
        year: Number(id.slice(0, 4)),
        month: Number(id.slice(5, 7)),
        dayOfMonth: Number(id.slice(8, 10)),
        dayOfWeek: offset + 1,
        isHoliday: offset >= 5,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

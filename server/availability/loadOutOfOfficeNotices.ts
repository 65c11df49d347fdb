import { outOfOfficeDates } from "../../core/availability/outOfOfficeDates";
import { addDays } from "../../core/time/localDate";
import { listColleagues, loadHostsOutOfOffice } from "../data/outOfOffice";
import type { Db, Tx } from "../db/database";
import type { EventTypeTarget } from "./loadEventTypeTarget";

/** What the booking page says on a date its one host is away. */
export interface OutOfOfficeNotice {
  /**
   * yyyy-MM-dd, inclusive, in the timetable's zone (the invitee's): every date the host's away
   * days (whole days in their schedule's zone) touch, so a page far away marks the right dates.
   */
  startDate: string;
  endDate: string;
  note: string;
  /** The colleague invitees may book instead; null when none is named (or they left the team). */
  colleague: { name: string; username: string } | null;
}

/**
 * The away periods of a ONE_ON_ONE event type's host touching the invitee's dates (padded a day,
 * as host dates may differ by one), in the invitee's dates, each with its colleague when that
 * colleague is still a verified fellow team member. Empty for other kinds: there the host
 * simply is not free. Throws DomainError VALIDATION for an unknown zone.
 */
export async function loadOutOfOfficeNotices(
  db: Db | Tx,
  target: EventTypeTarget,
  window: { startDate: string; endDate: string; timeZone: string },
): Promise<OutOfOfficeNotice[]> {
  const host = target.hosts[0];
  if (target.eventType.kind !== "ONE_ON_ONE" || host === undefined) return [];
  const periods =
    (
      await loadHostsOutOfOffice(
        db,
        [host.id],
        addDays(window.startDate, -1),
        addDays(window.endDate, 1),
      )
    ).get(host.id) ?? [];
  if (periods.length === 0) return [];
  const colleagues = periods.some((period) => period.colleagueId !== null)
    ? await listColleagues(db, host.id)
    : [];
  return periods.map((period) => {
    const colleague = colleagues.find((user) => user.id === period.colleagueId);
    return {
      ...outOfOfficeDates(period, host.schedule.timeZone, window.timeZone),
      note: period.note,
      colleague: colleague ? { name: colleague.name, username: colleague.username } : null,
    };
  });
}

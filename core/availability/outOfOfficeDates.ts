import { instantToLocal } from "../time/instantToLocal";
import { addDays } from "../time/localDate";
import { localToInstant } from "../time/localToInstant";

/**
 * The dates (yyyy-MM-dd, inclusive) in `viewerZone` that a host's away period touches: its
 * whole days run from 00:00 of `startDate` to 24:00 of `endDate` in `hostZone`, which a viewer
 * far away sees across other dates (a day in Auckland is most of the day before and the
 * small hours of that day in Los Angeles). Throws DomainError VALIDATION for an unknown zone
 * or a malformed date.
 */
export function outOfOfficeDates(
  period: { startDate: string; endDate: string },
  hostZone: string,
  viewerZone: string,
): { startDate: string; endDate: string } {
  const start = localToInstant(hostZone, period.startDate, "00:00");
  const end = localToInstant(hostZone, addDays(period.endDate, 1), "00:00");
  return {
    startDate: instantToLocal(viewerZone, start).date,
    endDate: instantToLocal(viewerZone, end - 1).date,
  };
}

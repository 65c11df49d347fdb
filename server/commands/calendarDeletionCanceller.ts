import type { CalendarBookingCanceller } from "../calendars/externalChanges";
import type { Db } from "../db/database";
import { eventCanceller } from "./eventCanceller";

/**
 * How a sync cancels a booking whose event the host deleted in a calendar with "cancel bookings
 * I delete from my calendar" on: as the host cancels it here (eventCanceller: everyone mailed,
 * refunded in full, the change events fired), with no reason given.
 */
export function calendarDeletionCanceller(db: Db, publicUrl: string): CalendarBookingCanceller {
  return async ({ userId, eventId, now }) => {
    await eventCanceller({ db, publicUrl, now }, userId, eventId, "");
  };
}

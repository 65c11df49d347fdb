import type { CalendarConnectionResponse } from "../../../core/api/calendarConnections";
import type { CalendarConnectionView } from "../../data/calendarConnections";

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A connection as its host sees it: never its password or feed URL. */
export function presentCalendarConnection(row: CalendarConnectionView): CalendarConnectionResponse {
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    serverUrl: row.serverUrl,
    username: row.username,
    onFailure: row.onFailure,
    cancelOnDelete: row.cancelOnDelete,
    status: row.lastError !== null ? "FAILING" : row.lastSyncedAt === null ? "PENDING" : "OK",
    lastSyncedAt: iso(row.lastSyncedAt),
    lastAttemptAt: iso(row.lastAttemptAt),
    failingSince: iso(row.failingSince),
    lastError: row.lastError,
    warning: row.syncWarning,
    busyBlocks: row.busyBlocks,
    calendars: row.calendars.map((calendar) => ({
      id: calendar.id,
      name: calendar.name,
      timeZone: calendar.timeZone,
      busy: calendar.busy,
      writeTarget: calendar.writeTarget,
      readOnly: calendar.readOnly,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

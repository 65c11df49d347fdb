import { count, eq } from "drizzle-orm";
import {
  CALENDAR_CONNECTIONS_MAX,
  type CalendarConnectionCreate,
} from "../../core/api/calendarConnections";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { caldavSource } from "../calendars/caldavSource";
import {
  type CalendarSource,
  CalendarSourceError,
  type DiscoveredCalendar,
} from "../calendars/calendarSource";
import { icsFeedSource } from "../calendars/icsFeedSource";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import { sealSecret } from "../crypto/credentialBox";
import type { CalendarConnectionRow } from "../data/calendarConnections";
import { findUserById } from "../data/users";
import { type CalendarSyncError, calendarConnections, connectedCalendars } from "../db/schema";
import { publicHostProblem } from "../net/publicHost";
import { assertCanConnectCalendar } from "../policies/calendarConnections";

type ReasonKey =
  | "calendars.authFailed"
  | "calendars.calendarGone"
  | "calendars.unreachable"
  | "calendars.timeout"
  | "calendars.invalidData"
  | "calendars.privateAddress"
  | "calendars.tooLarge"
  | "calendars.reconnectNeeded";

const REASON_KEYS: Record<CalendarSyncError, ReasonKey> = {
  AUTH_FAILED: "calendars.authFailed",
  CALENDAR_GONE: "calendars.calendarGone",
  UNREACHABLE: "calendars.unreachable",
  TIMEOUT: "calendars.timeout",
  INVALID_DATA: "calendars.invalidData",
  PRIVATE_ADDRESS: "calendars.privateAddress",
  TOO_LARGE: "calendars.tooLarge",
  RECONNECT_NEEDED: "calendars.reconnectNeeded",
};

/**
 * Connects a CalDAV account or an ICS feed for `userId`: discovers its calendars (all count as
 * busy; the first writable one receives bookings), stores the credentials sealed with the
 * installation's key, then reads its busy time once. Throws VALIDATION, on the field to fix, when
 * discovery fails (wrong password, no server, no calendar) or finds no calendar, when the
 * address is, or resolves to, a private, loopback or link-local one (unless
 * CALENDAR_ALLOW_PRIVATE; every request checks again where it connects), and when the host
 * already has CALENDAR_CONNECTIONS_MAX connections; FORBIDDEN while the host's address is
 * unverified. Nothing is stored when it throws.
 */
export async function calendarConnectionCreator(
  context: SyncContext,
  userId: string,
  input: CalendarConnectionCreate,
): Promise<CalendarConnectionRow> {
  const { db } = context;
  assertCanConnectCalendar(await findUserById(db, userId));
  const [existing] = await db
    .select({ n: count() })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId));
  if ((existing?.n ?? 0) >= CALENDAR_CONNECTIONS_MAX) {
    const tooMany = message("calendars.tooMany", { max: CALENDAR_CONNECTIONS_MAX });
    throw new DomainError("VALIDATION", tooMany, { provider: [tooMany] });
  }
  const caldav = input.provider === "CALDAV";
  const url = caldav ? input.serverUrl : input.url;
  const name =
    input.name ??
    (caldav
      ? `${input.username} · ${new URL(url).host}`
      : new URL(url.replace(/^webcals?:/i, "https:")).host);
  const field = caldav ? "serverUrl" : "url";
  // Before any request: a refusal says why, where discovery would only say "unreachable".
  const fetchUrl = url.replace(/^webcals?:/i, "https:");
  if (!context.allowPrivate && (await publicHostProblem(fetchUrl)) === "private") {
    const refused = message("calendars.privateAddress");
    throw new DomainError("VALIDATION", refused, { [field]: [refused] });
  }
  const { allowPrivate } = context;
  const source: CalendarSource = caldav
    ? caldavSource(
        { serverUrl: url, username: input.username, password: input.password },
        allowPrivate,
      )
    : icsFeedSource(url, name, { allowPrivate });
  let calendars: DiscoveredCalendar[];
  try {
    calendars = await source.discover();
  } catch (error) {
    const reason = error instanceof CalendarSourceError ? error.reason : "UNREACHABLE";
    const problem = message(REASON_KEYS[reason]);
    const wrong = reason === "AUTH_FAILED" && caldav ? "password" : field;
    throw new DomainError("VALIDATION", problem, { [wrong]: [problem] });
  }
  if (calendars.length === 0) {
    const none = message("calendars.noCalendars");
    throw new DomainError("VALIDATION", none, { [field]: [none] });
  }
  const writable = calendars.find((calendar) => !calendar.readOnly);
  const connection = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId,
        provider: input.provider,
        name,
        serverUrl: caldav ? url : new URL(url.replace(/^webcals?:/i, "https:")).origin,
        username: caldav ? input.username : "",
        secret: sealSecret(context.encryptionKey, caldav ? input.password : url, userId),
        nextSyncAt: context.now,
        createdAt: context.now,
      })
      .returning();
    await tx.insert(connectedCalendars).values(
      calendars.map((calendar) => ({
        connectionId: row!.id,
        url: calendar.url,
        name: calendar.name.slice(0, 200),
        timeZone: calendar.timeZone,
        busy: true,
        writeTarget: calendar === writable,
        readOnly: calendar.readOnly,
      })),
    );
    return row!;
  });
  await syncConnection(context, connection.id);
  return connection;
}

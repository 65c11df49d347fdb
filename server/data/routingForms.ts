import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import {
  eventTypes,
  events,
  routingFormResponses,
  routingForms,
  teamMembers,
  teams,
  users,
} from "../db/schema";

export type RoutingFormRow = typeof routingForms.$inferSelect;
export type RoutingFormResponseRow = typeof routingFormResponses.$inferSelect;

/** A stored form with its fields' later-added settings defaulted (forms saved before them). */
function withFieldDefaults(form: RoutingFormRow): RoutingFormRow {
  return {
    ...form,
    fields: form.fields.map((field) => ({ ...field, allowNewOptions: field.allowNewOptions ?? false })),
  };
}

export async function findRoutingForm(db: Db | Tx, id: string): Promise<RoutingFormRow | null> {
  const [row] = await db.select().from(routingForms).where(eq(routingForms.id, id)).limit(1);
  return row ? withFieldDefaults(row) : null;
}

/**
 * The published form at /RF/{slug} (or by its id): a team's, or a host's whose address is
 * verified (until then they have published nothing). Null otherwise.
 */
export async function findPublicRoutingForm(db: Db | Tx, slugOrId: string): Promise<RoutingFormRow | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(slugOrId);
  const [row] = await db
    .select({ form: routingForms })
    .from(routingForms)
    .leftJoin(users, eq(users.id, routingForms.userId))
    .where(
      and(
        isUuid ? eq(routingForms.id, slugOrId) : eq(routingForms.slug, slugOrId.toLowerCase()),
        or(isNotNull(routingForms.teamId), isNotNull(users.emailVerifiedAt)),
      ),
    )
    .limit(1);
  return row?.form ? withFieldDefaults(row.form) : null;
}

/** The forms a host may manage: their own and those of the teams they administer, newest first. */
export async function listManagedRoutingForms(db: Db, userId: string): Promise<RoutingFormRow[]> {
  const adminTeams = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, "admin")));
  const rows = await db
    .select()
    .from(routingForms)
    .where(or(eq(routingForms.userId, userId), inArray(routingForms.teamId, adminTeams)))
    .orderBy(desc(routingForms.createdAt), desc(routingForms.id));
  return rows.map(withFieldDefaults);
}

/** How many responses took each route of a form, by route id. */
export async function routeCounts(db: Db, formIds: string[]): Promise<Map<string, Record<string, number>>> {
  const counts = new Map<string, Record<string, number>>();
  if (formIds.length === 0) return counts;
  const rows = await db
    .select({ formId: routingFormResponses.formId, routeId: routingFormResponses.routeId, n: count() })
    .from(routingFormResponses)
    .where(inArray(routingFormResponses.formId, formIds))
    .groupBy(routingFormResponses.formId, routingFormResponses.routeId);
  for (const row of rows) {
    const perRoute = counts.get(row.formId) ?? {};
    perRoute[row.routeId] = Number(row.n);
    counts.set(row.formId, perRoute);
  }
  return counts;
}

export interface ResponseFilters {
  routeId?: string | undefined;
  /** Responses at or after this instant. */
  from?: Date | undefined;
  /** Responses before this instant. */
  to?: Date | undefined;
  /** true: only those that led to a booking; false: only those that did not. */
  booked?: boolean | undefined;
}

function responseConditions(formId: string, filters: ResponseFilters): SQL | undefined {
  return and(
    eq(routingFormResponses.formId, formId),
    filters.routeId === undefined ? undefined : eq(routingFormResponses.routeId, filters.routeId),
    filters.from === undefined ? undefined : gte(routingFormResponses.createdAt, filters.from),
    filters.to === undefined ? undefined : lt(routingFormResponses.createdAt, filters.to),
    filters.booked === undefined
      ? undefined
      : filters.booked
        ? isNotNull(routingFormResponses.eventId)
        : isNull(routingFormResponses.eventId),
  );
}

/** A form's responses, newest first, with the booking each led to (its start and status). */
export function listRoutingFormResponses(
  db: Db,
  formId: string,
  filters: ResponseFilters,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      response: routingFormResponses,
      eventStartAt: events.startAt,
      eventStatus: events.status,
    })
    .from(routingFormResponses)
    .leftJoin(events, eq(events.id, routingFormResponses.eventId))
    .where(responseConditions(formId, filters))
    .orderBy(desc(routingFormResponses.createdAt), desc(routingFormResponses.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRoutingFormResponses(db: Db, formId: string, filters: ResponseFilters) {
  const [row] = await db
    .select({ n: count() })
    .from(routingFormResponses)
    .where(responseConditions(formId, filters));
  return Number(row?.n ?? 0);
}

/**
 * What an EVENT_TYPE route needs of its event type: the path parts of its booking page, when
 * it is active and belongs to `owner` (the form's host or team). Null otherwise.
 */
export async function findRoutedEventType(
  db: Db | Tx,
  eventTypeId: string,
  owner: { userId: string | null; teamId: string | null },
) {
  const [row] = await db
    .select({
      id: eventTypes.id,
      kind: eventTypes.kind,
      slug: eventTypes.slug,
      sharedLink: eventTypes.sharedLink,
      active: eventTypes.active,
      userId: eventTypes.userId,
      teamId: eventTypes.teamId,
      ownerSlug: users.username,
      teamSlug: teams.slug,
    })
    .from(eventTypes)
    .leftJoin(users, eq(users.id, eventTypes.userId))
    .leftJoin(teams, eq(teams.id, eventTypes.teamId))
    .where(eq(eventTypes.id, eventTypeId))
    .limit(1);
  if (!row) return null;
  const owned = owner.userId !== null ? row.userId === owner.userId : row.teamId === owner.teamId;
  return owned ? { ...row, ownerSlug: row.ownerSlug ?? row.teamSlug } : null;
}

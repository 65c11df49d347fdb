import { sql } from "drizzle-orm";
import type { RoutingInsights } from "../../core/api/bookingInsights";
import type { FormRoute } from "../../core/routingForms/formTypes";
import type { Db } from "../db/database";
import { type LocalPeriod, periodBounds, rowsOf } from "./bookingSet";

/** Whose routing forms the insights count: a user's or a team's. */
export type FormOwner = { kind: "user"; userId: string } | { kind: "team"; teamId: string };

interface RouteRow {
  formId: string;
  formTitle: string;
  routes: FormRoute[];
  routeId: string;
  actionType: "EVENT_TYPE" | "URL" | "MESSAGE";
  eventTypeTitle: string | null;
  submissions: number;
  booked: number;
}

/**
 * The submissions of `owner`'s routing forms made in `period`, per form and route taken, and
 * how many of them went on to book (optionally only those routed to `eventTypeId`).
 */
export async function routingInsights(
  db: Db,
  owner: FormOwner,
  period: LocalPeriod,
  eventTypeId: string | null,
): Promise<RoutingInsights> {
  const { start, end } = periodBounds(period);
  const whose =
    owner.kind === "user" ? sql`f.user_id = ${owner.userId}` : sql`f.team_id = ${owner.teamId}`;
  const type = eventTypeId === null ? sql`` : sql`and r.event_type_id = ${eventTypeId}`;
  const rows = await rowsOf<RouteRow>(
    db,
    sql`select f.id as "formId", f.title as "formTitle", f.routes, r.route_id as "routeId",
        r.action_type as "actionType", t.title as "eventTypeTitle",
        count(*)::int as submissions, count(r.event_id)::int as booked
      from routing_form_responses r
      join routing_forms f on f.id = r.form_id
      left join event_types t on t.id = r.event_type_id
      where ${whose} and r.created_at >= ${start} and r.created_at < ${end} ${type}
      group by f.id, r.route_id, r.action_type, t.id
      order by f.title, f.id, count(*) desc, r.route_id`,
  );
  return {
    period,
    routes: rows.map(({ routes, ...row }) => {
      const index = routes.findIndex((route) => route.id === row.routeId);
      return {
        ...row,
        position: index === -1 ? null : index + 1,
        isFallback: index !== -1 && routes[index]!.isFallback,
      };
    }),
  };
}

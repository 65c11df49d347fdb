import { sql } from "drizzle-orm";
import { DomainError } from "../../../core/errors";
import { matchClientRoute } from "../../../core/routing/clientRoutes";
import type { PathParams } from "../../../core/routing/matchPath";
import type { PublicEventTypeRef } from "../../availability/resolvePublicEventType";
import { resolvePublicEventType } from "../../availability/resolvePublicEventType";
import { findPageOwner } from "../../data/pageOwners";
import { findPublicRoutingForm } from "../../data/routingForms";
import type { Db } from "../../db/database";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the event type a booking page names can be shown (published, active, with hosts). */
async function eventTypeExists(db: Db, ref: PublicEventTypeRef): Promise<boolean> {
  try {
    await resolvePublicEventType(db, ref);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return false;
    throw error;
  }
}

/** Whether a meeting or an attendee has this id, in any state (its page explains a cancelled one). */
async function meetingExists(db: Db, id: string | undefined): Promise<boolean> {
  if (id === undefined || !UUID.test(id)) return false;
  const { rows } = await db.execute(
    sql`select 1 from events where id = ${id} union all select 1 from attendees where id = ${id} limit 1`,
  );
  return rows.length > 0;
}

const shared = (params: PathParams) => ({
  sharedLink: params.sharedLink ?? "",
  ...(params.hostSlug ? { hostSlug: params.hostSlug } : {}),
});

const byUser = (params: PathParams) => ({
  userLink: params.username ?? "",
  eventTypeLink: params.event ?? "",
  ...(params.hostSlug ? { hostSlug: params.hostSlug } : {}),
});

/**
 * Whether the client page at `pathname` shows something, so that the server can answer 404
 * (with the same client page, which then says "not found") for a path that names nothing: an
 * unknown path, user, team, event type, link or meeting. Used and cancelled things exist: their
 * pages explain what happened.
 */
export async function pageExists(db: Db, pathname: string): Promise<boolean> {
  const { name, params } = matchClientRoute(pathname);
  switch (name) {
    case "notFound":
      return false;
    case "routingForm":
      return (await findPublicRoutingForm(db, params.formSlug ?? "")) !== null;
    case "profile":
      return (await findPageOwner(db, params.username ?? "")) !== null;
    case "booking":
    case "bookingHost":
    case "bookingPaymentError":
      return eventTypeExists(db, byUser(params));
    case "bookingConfirmation":
      return (await eventTypeExists(db, byUser(params))) && meetingExists(db, params.slug);
    case "sharedLink":
    case "sharedLinkHost":
      return eventTypeExists(db, shared(params));
    case "singleUseLink":
      return singleUseLinkExists(db, params.singleUseLink);
    case "singleUseConfirmation":
      return (
        (await singleUseLinkExists(db, params.singleUseLink)) && meetingExists(db, params.slug)
      );
    case "event":
    case "bookingRequest":
    case "cancel":
      return meetingExists(db, params.slug);
    case "rescheduleByHost":
    case "rescheduleByAttendee":
    case "rescheduleForAll":
    case "rescheduleRoundRobinByHost":
    case "legacyRescheduleGroup":
    case "legacyRescheduleHost":
    case "legacyRescheduleRoundRobin":
    case "legacyReschedule":
      return meetingExists(db, params.uuid);
    case "home":
    case "dashboard":
    case "eventPaymentError":
      return true;
  }
}

/** A single-use link exists once made, used or not (a used one's page says so). */
async function singleUseLinkExists(db: Db, token: string | undefined): Promise<boolean> {
  if (token === undefined || token.length > 200) return false;
  const { rows } = await db.execute(
    sql`select 1 from single_use_links where token = ${token} limit 1`,
  );
  return rows.length > 0;
}

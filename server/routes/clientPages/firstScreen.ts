import type { FastifyInstance, FastifyRequest } from "fastify";
import { type FirstMonthPage, loadFirstMonth } from "./firstMonth";
import { loadProfileFirstBlocks } from "./profileFirstBlocks";
import { loadRescheduleFirstMonth } from "./rescheduleFirstMonth";

/**
 * The first screen the server draws into a page, where it draws one: a booking page's or an
 * invitee's reschedule page's first month, a profile page's blocks. Each loader answers null for
 * a route not its own, so the first to answer is the page's.
 */
export async function loadFirstScreen(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  now: number,
): Promise<FirstMonthPage | null> {
  return (
    (await loadFirstMonth(app, request, pathname, now)) ??
    (await loadRescheduleFirstMonth(app, request, pathname, now)) ??
    (await loadProfileFirstBlocks(app, request, pathname))
  );
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ProfilePageResponse } from "../../../core/api/profile";
import { durationLabel } from "../../../core/i18n/durationLabel";
import { calendarLocale } from "../../../core/i18n/intlLocale";
import { matchClientRoute } from "../../../core/routing/clientRoutes";
import { requestLanguage } from "../../i18n/requestLanguage";
import { clientTranslator } from "./clientCatalogs";
import { apiReader, type FirstMonthPage, firstScreenPage, searchOf } from "./firstMonth";
import { profileBlocksHtml } from "./profileBlocksHtml";

/** The id of the profile page's inlined data (app/features/profile/firstBlocks.ts). */
export const FIRST_BLOCKS_DATA_ID = "first-blocks";

/** What the client seeds its query cache with on a profile page. */
export interface FirstBlocksData {
  /** The public read of the page (GET /page/{id}) and its answer. */
  profilePage: { path: string; body: ProfilePageResponse };
}

/**
 * The first screen of a host's or team's profile page (`/{username}`): their header and the
 * blocks of their page (or their event types), drawn with the booking page's first month's
 * helpers, and the answer inlined so the client takes over without asking again. Null when the
 * page does not answer (the client draws its not-found page, as before).
 *
 * Nothing on it depends on the invitee but their language (Vary: Accept-Language, Cookie).
 */
export async function loadProfileFirstBlocks(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<FirstMonthPage | null> {
  const route = matchClientRoute(pathname);
  if (route.name !== "profile") return null;
  const path = `/page/${encodeURIComponent(route.params.username ?? "")}`;
  const body = await apiReader(app)<ProfilePageResponse>(path);
  if (body === null) return null;

  const language = requestLanguage(request);
  const calendarType = request.cookies?.calendar_type === "persian" ? "persian" : "gregorian";
  const locale = calendarLocale(language, calendarType);
  const t = clientTranslator(language);
  const data: FirstBlocksData = { profilePage: { path, body } };
  return firstScreenPage({
    markup: profileBlocksHtml(body, t, (minutes) => durationLabel(minutes, t, locale)),
    dataId: FIRST_BLOCKS_DATA_ID,
    data,
    language,
    title: t("profile.documentTitle", { name: body.page.name }),
    search: searchOf(request),
    profile: body.profile,
    personal: request.cookies?.calendar_type !== undefined,
  });
}

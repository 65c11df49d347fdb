import type { FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { LANGUAGES, type Language } from "../../core/accounts/accountSchemas";
import { toLanguage } from "./serverI18n";

/**
 * The language to answer a request in: the `language` field of its body (a booking names the
 * invitee's), else the stored choice (the `language` cookie the pages set), else the best
 * match of its Accept-Language header (the booking client sends its current language there,
 * which also covers embedded pages without cookies), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const body = request.body;
  if (typeof body === "object" && body !== null && "language" in body) {
    const fromBody = toLanguage(body.language);
    if (fromBody) return fromBody;
  }
  const fromCookie = toLanguage(request.cookies?.language);
  if (fromCookie) return fromCookie;
  const header = request.headers["accept-language"];
  if (header) {
    const best = new Negotiator({ headers: { "accept-language": header } }).language([
      ...LANGUAGES,
    ]);
    const fromHeader = toLanguage(best);
    if (fromHeader) return fromHeader;
  }
  return "en";
}

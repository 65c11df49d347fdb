import type { FormAnswer, FormAnswers, FormField, RouteAction } from "./formTypes";

/**
 * The booking page's query parameter that carries the routing form response a booking came
 * from; it starts with c__ so the booking page keeps it through its navigations (spec §3).
 */
export const ROUTING_RESPONSE_PARAM = "c__routing_response";
/** Identifiers no field may take: they would name the parameter above. */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set(["routing_response"]);

function answerText(answer: FormAnswer): string {
  if (Array.isArray(answer)) return answer.join(",");
  if (typeof answer === "boolean") return answer ? "true" : "false";
  return String(answer);
}

/**
 * The booking page's parameter a field's answer fills when its form names none: an email
 * question (or one named `email`) the invitee's email, a question named `name` (or `fullName`,
 * `full_name`) their name; any other `c__{identifier}`, kept for the routing.
 */
export function defaultPrefill(field: Pick<FormField, "type" | "identifier">): string {
  const identifier = field.identifier.toLowerCase().replace(/[-_\s]/g, "");
  if (field.type === "EMAIL" || identifier === "email") return "email";
  if (identifier === "name" || identifier === "fullname") return "name";
  return `c__${field.identifier}`;
}

/** The parameter a field's answer fills: its chosen one, else defaultPrefill. */
export function prefillParamOf(field: FormField): string {
  return field.prefill ?? defaultPrefill(field);
}

/**
 * The booking page's prefill parameters for the answers (spec §3): each answered field fills
 * its chosen parameter (`name`, `email`, `mobile`, `a1`…`a20`), else its defaultPrefill. A
 * parameter two fields name keeps the first answer. Pure.
 */
export function prefillParams(
  fields: readonly FormField[],
  answers: FormAnswers,
): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  const taken = new Set<string>();
  for (const field of fields) {
    const answer = Object.hasOwn(answers, field.id) ? answers[field.id] : undefined;
    if (answer === undefined) continue;
    const name = prefillParamOf(field);
    if (taken.has(name)) continue;
    taken.add(name);
    params.push([name, answerText(answer)]);
  }
  return params;
}

/** The answers as query parameters named by their fields' identifiers, for an external URL. */
export function identifierParams(
  fields: readonly FormField[],
  answers: FormAnswers,
): Array<[string, string]> {
  return fields.flatMap((field): Array<[string, string]> => {
    const answer = Object.hasOwn(answers, field.id) ? answers[field.id] : undefined;
    return answer === undefined ? [] : [[field.identifier, answerText(answer)]];
  });
}

/** `url` with `params` added to its query (before any hash); parameters it has stay. */
export function withParams(url: string, params: ReadonlyArray<[string, string]>): string {
  if (params.length === 0) return url;
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const query = new URLSearchParams(params as Array<[string, string]>).toString();
  const joiner = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${joiner}${query}${hash}`;
}

/** Where a route's action sends the visitor, or the message it shows. */
export type RouteOutcome =
  | { actionType: "EVENT_TYPE"; url: string }
  | { actionType: "URL"; url: string }
  | { actionType: "MESSAGE"; message: string };

/**
 * The outcome of `action` for the answers: the event type's booking page (`eventTypePath`,
 * known to the caller) with the answers as prefill parameters and the response's id, the
 * external URL (with the answers when the route says so), or the custom message. Pure.
 */
export function routeOutcome(
  action: RouteAction,
  fields: readonly FormField[],
  answers: FormAnswers,
  eventTypePath: string | null,
  responseId: string | null,
): RouteOutcome | null {
  switch (action.type) {
    case "EVENT_TYPE": {
      if (eventTypePath === null) return null;
      const params = prefillParams(fields, answers);
      if (responseId !== null) params.push([ROUTING_RESPONSE_PARAM, responseId]);
      return { actionType: "EVENT_TYPE", url: withParams(eventTypePath, params) };
    }
    case "URL":
      return {
        actionType: "URL",
        url: action.appendAnswers
          ? withParams(action.url, identifierParams(fields, answers))
          : action.url,
      };
    case "MESSAGE":
      return { actionType: "MESSAGE", message: action.message };
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The booking request's link to the routing form response the page came from: `{
 * routingResponseId }` when the page's query has a well-formed one, else nothing.
 */
export function routingResponseField(search: string): { routingResponseId?: string } {
  const id = new URLSearchParams(search).get(ROUTING_RESPONSE_PARAM);
  return id !== null && UUID_PATTERN.test(id) ? { routingResponseId: id } : {};
}

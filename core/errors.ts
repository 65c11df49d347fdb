import { decodeMessage, type Message } from "./messages";

/** The closed set of domain error codes; the server maps each to one HTTP status. */
export type ErrorCode =
  | "VALIDATION"
  | "NOT_FOUND"
  | "SLOT_NOT_AVAILABLE_ANYMORE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "GONE"
  | "UNAVAILABLE";

/** Per-field texts, the `errors` map of the spec's error response (in the request's language). */
export type FieldErrors = Record<string, string[]>;

/** Per-field messages of a domain error, translated where the error is answered. */
export type FieldMessages = Record<string, Message[]>;

/**
 * TRANSITIONAL: while the last call sites move to `message(...)`, a text is still accepted (an
 * `issueMessage` string is decoded; any other text is answered as it is, untranslated).
 * Removed, with the string branch below, once every site passes a Message.
 */
export type MessageOrText = Message | string;

/**
 * The one error domain code throws: a code (its HTTP status), a message by catalog key,
 * `fields` with per-field messages for VALIDATION, `retryAfterSeconds` when a RATE_LIMITED
 * or UNAVAILABLE caller may try again.
 */
export class DomainError extends Error {
  readonly detail: MessageOrText;
  readonly fields?: Record<string, MessageOrText[]>;

  constructor(
    readonly code: ErrorCode,
    detail: MessageOrText,
    fields?: Record<string, MessageOrText[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof detail === "string" ? detail : detail.key);
    this.name = "DomainError";
    this.detail = typeof detail === "string" ? (decodeMessage(detail) ?? detail) : detail;
    if (fields !== undefined) this.fields = fields;
  }
}

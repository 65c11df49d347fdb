/** The closed set of domain error codes; the server maps each to one HTTP status. */
export type ErrorCode =
  | "VALIDATION"
  | "NOT_FOUND"
  | "SLOT_NOT_AVAILABLE_ANYMORE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "GONE";

/** Per-field messages, the `errors` map of the spec's error response. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error domain code throws; `fields` carries per-field messages for VALIDATION,
 * `retryAfterSeconds` when a RATE_LIMITED caller may try again.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

import { ApiError, type FieldErrors } from "./apiClient";

/** The server's messages per form field of a failed call; none for any other failure. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** Whether a call failed because what it addressed does not exist (HTTP 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Whether a call failed with the API's error `code`, e.g. "SLOT_NOT_AVAILABLE_ANYMORE". */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** Whether a call failed with HTTP `status` (401: signed out, 409: changed meanwhile...). */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

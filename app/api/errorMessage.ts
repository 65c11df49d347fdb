import type { TFunction } from "i18next";
import { ApiError } from "./apiClient";

/** What to tell the user about a failed call: the server's message for 4xx, our own words otherwise. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t("errors.unexpected");
  if (error.status === 0) return t("errors.network");
  if (error.status >= 500) return t("errors.server");
  return error.message;
}

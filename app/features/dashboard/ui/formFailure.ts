import type { TFunction } from "i18next";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { focusFirstError } from "../../../lib/focusFirstError";

/**
 * What a form's alert says after its send failed, as the public forms say it: when fields of
 * `shown` are marked, that they need correcting (each says why beside it); else the failure.
 */
export function formFailureAlert(
  error: unknown,
  shown: readonly string[],
  t: TFunction,
): string | undefined {
  if (!error) return undefined;
  const fields = fieldErrorsOf(error);
  return shown.some((field) => fields[field]) ? t("errors.checkFields") : errorMessage(error, t);
}

/** Focuses the first marked field of `form` (else its alert) once the errors have rendered. */
export function focusFailedForm(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => focusFirstError(form));
}

import type { TFunction } from "i18next";
import { type RefObject, useEffect } from "react";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { focusFirstError } from "../../lib/focusFirstError";

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

/**
 * Focuses the first marked field of `form` (else its alert) each time a send fails. An effect
 * runs after the commit that rendered `error`'s marks, so the marks are always there to find;
 * a frame callback from the mutation's onError raced the query library's render under load.
 */
export function useFocusFailedForm(form: RefObject<HTMLElement | null>, error: unknown): void {
  useEffect(() => {
    if (error) focusFirstError(form.current);
  }, [form, error]);
}

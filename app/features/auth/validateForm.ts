import type { TFunction } from "i18next";
import type { FieldErrors } from "../../api/apiClient";

/**
 * Translated messages for the inputs of `form` that break their own constraints (required,
 * type=email, minlength, pattern). The browser's bubbles are off (`noValidate`) because they
 * speak the browser's language, not the page's.
 */
export function validateForm(form: HTMLFormElement, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name) continue;
    const message = inputError(element, t);
    if (message) errors[element.name] = [message];
  }
  return errors;
}

function inputError(input: HTMLInputElement, t: TFunction): string | undefined {
  const { validity, value, minLength } = input;
  if (validity.valueMissing) return t("errors.required");
  if (validity.typeMismatch && input.type === "email") return t("errors.email");
  // validity.tooShort is only set after the user typed, so the length is checked directly.
  if (minLength > 0 && value.length > 0 && value.length < minLength) {
    return t("errors.tooShort", { min: minLength });
  }
  if (validity.patternMismatch) return t("errors.usernameFormat");
  return undefined;
}

const CONTROLS =
  "input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])";

/**
 * Brings the first field in error inside `root` into view and focuses it: an input marked
 * aria-invalid, or the first control of the group a field message belongs to (a list of
 * checkboxes has no single invalid input), else the form's alert.
 */
export function focusFirstError(root: HTMLElement | null): void {
  if (!root) return;
  const invalid = root.querySelector<HTMLElement>("[aria-invalid='true']");
  const message = root.querySelector<HTMLElement>("[data-field-error]");
  const first =
    invalid && message
      ? invalid.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING
        ? invalid
        : message
      : (invalid ?? message);
  let target: HTMLElement | null = first;
  if (first && first === message) {
    const group = message.closest<HTMLElement>("fieldset, section, [data-field]");
    target = group?.querySelector<HTMLElement>(CONTROLS) ?? null;
    if (!target) {
      message.tabIndex = -1;
      target = message;
    }
  }
  target ??= root.querySelector<HTMLElement>("[role='alert']")?.parentElement ?? null;
  if (!target) return;
  // Centred, so a sticky header never covers it; then focused without a second jump.
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

/** `errors` without the entries of `fields` and of anything under them ("hosts", "hosts.0"). */
export function withoutErrorsOf<T extends Record<string, unknown>>(
  errors: T,
  fields: readonly string[],
): T {
  const cleared = Object.entries(errors).filter(
    ([path]) => !fields.some((field) => path === field || path.startsWith(`${field}.`)),
  );
  return (
    cleared.length === Object.keys(errors).length ? errors : Object.fromEntries(cleared)
  ) as T;
}

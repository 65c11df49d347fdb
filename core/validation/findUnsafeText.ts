import { message } from "../messages";

/** The message for text that PostgreSQL cannot store (a NUL character or a lone surrogate). */
export const UNSAFE_TEXT_MESSAGE = message("general.unsafeText");

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether `text` holds a NUL character (PostgreSQL text cannot, SQLSTATE 22021) or an
 * unpaired UTF-16 surrogate (not valid Unicode: jsonb refuses it, 22P02, and text columns
 * would silently store U+FFFD instead).
 */
export function isUnsafeText(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

/**
 * The field, as a dotted path like the spec's `errors` keys (`answers.q1`, `guests.0`), of
 * the first string in a parsed JSON body, query or set of path parameters that isUnsafeText;
 * an unsafe object key names the object holding it (`_` at the top). Null when all is safe.
 * Walks without recursion, so no nesting depth can overflow the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const pending: Step[] = [{ value, key: "", parent: null }];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const current = step.value;
    if (typeof current === "string") {
      if (isUnsafeText(current)) return fieldName(step);
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      if (entries.some(([key]) => isUnsafeText(key))) return fieldName(step);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        pending.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}

// A path kept as links to the parent, so deep nesting costs no copying.
interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

function fieldName(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.length === 0 ? "_" : keys.reverse().join(".");
}

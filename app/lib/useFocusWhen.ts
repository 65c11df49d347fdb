import { type RefObject, useEffect } from "react";

/**
 * Moves focus to `ref` when `condition` turns true: for an answer that replaces the form the
 * user was in, so keyboard focus lands on the answer instead of the page body. The element
 * needs tabIndex={-1}.
 */
export function useFocusWhen(ref: RefObject<HTMLElement | null>, condition: boolean): void {
  useEffect(() => {
    if (condition) ref.current?.focus();
  }, [ref, condition]);
}

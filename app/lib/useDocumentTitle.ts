import { useEffect } from "react";

/**
 * Sets `document.title` while the calling component is mounted with this title. `null` when
 * the component shows another page instead (not found, an error), which titles itself: effects
 * run child first, so a parent's title would otherwise win over the page it shows.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

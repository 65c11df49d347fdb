import { useEffect } from "react";
import { onNavigation } from "./navigation";

// Give up when the new page has not shown its heading by then (a slow or failed load).
const waitMs = 10_000;

let userActed = false;
let focusAtNavigation: Element | null = null;

if (typeof document !== "undefined") {
  const handleInput = () => {
    userActed = true;
  };
  document.addEventListener("keydown", handleInput, true);
  document.addEventListener("pointerdown", handleInput, true);
  // navigate() notifies before React renders the new page: this is what had focus then.
  onNavigation(() => {
    focusAtNavigation = document.activeElement;
  });
}

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
}

/**
 * Focuses `heading`, unless the new page already put focus somewhere itself (an autofocused
 * field, a FocusHeading); true when focus is settled either way.
 */
function settleFocus(heading: HTMLElement): boolean {
  const active = document.activeElement;
  const untouched = active === null || active === document.body || active === focusAtNavigation;
  if (!untouched) return true;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.classList.add("outline-none");
  heading.focus();
  return true;
}

/** Watches for the new page's h1 (pages load lazily and fetch their data) and focuses it. */
function focusHeadingWhenShown(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => {
    const heading = pageHeading();
    if (heading && settleFocus(heading)) stop();
  });
  // The user moving on before the page is ready wins over the heading.
  const handleFocusIn = () => stop();
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("focusin", handleFocusIn, true);
  }
  const heading = pageHeading();
  if (heading && settleFocus(heading)) return stop;
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("focusin", handleFocusIn, true);
  timer = setTimeout(stop, waitMs);
  return stop;
}

/**
 * After an in-app navigation to another path (a link, the dashboard menu, signing in, back
 * and forward), moves focus to the new page's h1, as a full page load would start a screen
 * reader there; otherwise focus stays on the link that is gone, which leaves it on the body.
 * Not on the first page load, nor on redirects before the user did anything.
 */
export function useHeadingFocusOnNavigation(pathname: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path is a new page.
  useEffect(() => {
    if (!userActed || focusAtNavigation === null) return;
    return focusHeadingWhenShown();
  }, [pathname]);
}

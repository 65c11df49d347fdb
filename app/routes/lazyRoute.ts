import { type ComponentType, type LazyExoticComponent, lazy } from "react";

const reloadedAtKey = "slotted:chunk-reloaded-at";
const reloadInterval = 60_000;

/**
 * React.lazy for a route module. When its chunk fails to load (usually a deploy replaced
 * it), the page reloads once, at most once per 60 seconds (spec §8); after that the error
 * reaches the error boundary.
 */
export function lazyRoute<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (!claimReload()) throw error;
        window.location.reload();
        return new Promise<never>(() => {});
      },
    ),
  );
}

function claimReload(): boolean {
  try {
    const now = Date.now();
    if (now - Number(sessionStorage.getItem(reloadedAtKey) ?? 0) < reloadInterval) return false;
    sessionStorage.setItem(reloadedAtKey, String(now));
    return true;
  } catch {
    // Storage can be blocked; without a record a reload could loop, so do not reload.
    return false;
  }
}

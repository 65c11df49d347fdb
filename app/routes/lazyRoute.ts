import { type ComponentType, type LazyExoticComponent, lazy } from "react";

const reloadedAtKey = "slotted:chunk-reloaded-at";
const reloadInterval = 60_000;

/** A lazily loaded route page that can start loading before it renders. */
export type LazyRoutePage<Props extends object> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts loading the page's chunk; resolves once it is there (never rejects). */
  preload: () => Promise<void>;
  /** The page itself once its chunk has loaded: rendering it directly skips a suspense round. */
  loaded: ComponentType<Props> | undefined;
};

/**
 * React.lazy for a route module. When its chunk fails to load (usually a deploy replaced
 * it), the page reloads once, at most once per 60 seconds (spec §8); after that the error
 * reaches the error boundary. `preload()` starts the download early (main.tsx calls it for
 * the first route while the language catalog loads).
 */
export function lazyRoute<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyRoutePage<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        page.loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        if (!claimReload()) throw error;
        window.location.reload();
        return new Promise<never>(() => {});
      },
    );
    return loading;
  };
  const page = lazy(start) as LazyRoutePage<Props>;
  page.loaded = undefined;
  page.preload = () =>
    start().then(
      () => {},
      () => {},
    );
  return page;
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

import { useCallback, useEffect, useSyncExternalStore } from "react";

/**
 * The query cache of the public pages: TanStack Query's ideas (a key per fetcher, shared
 * in-flight requests, staleness, invalidation) in a few hundred bytes, because the booking
 * page's JavaScript budget has no room for the 14 kB library. The host dashboard, which
 * the booking page never loads, uses TanStack Query itself.
 */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  status: "pending" | "success" | "error";
  /** A request for this key is in flight (first load or refetch). */
  fetching: boolean;
}

interface Entry<T> {
  state: QueryState<T>;
  fetchedAt: number;
  inFlight: Promise<T> | null;
  listeners: Set<() => void>;
}

export type QueryFn<T> = (signal: AbortSignal) => Promise<T>;

const cache = new Map<string, Entry<unknown>>();
const pendingState: QueryState<never> = {
  data: undefined,
  error: undefined,
  status: "pending",
  fetching: false,
};

function entryOf<T>(key: string): Entry<T> {
  let entry = cache.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { state: pendingState, fetchedAt: 0, inFlight: null, listeners: new Set() };
    cache.set(key, entry as Entry<unknown>);
  }
  return entry;
}

function update<T>(entry: Entry<T>, state: Partial<QueryState<T>>) {
  entry.state = { ...entry.state, ...state };
  for (const listener of entry.listeners) listener();
}

/** The data of `key`, fetched with `fn` unless fresh data (younger than `staleTime` ms) is cached. */
export function fetchQuery<T>(key: string, fn: QueryFn<T>, staleTime = 30_000): Promise<T> {
  const entry = entryOf<T>(key);
  if (entry.inFlight) return entry.inFlight;
  if (entry.state.status === "success" && Date.now() - entry.fetchedAt < staleTime) {
    return Promise.resolve(entry.state.data as T);
  }
  const controller = new AbortController();
  const request = fn(controller.signal).then(
    (data) => {
      entry.inFlight = null;
      entry.fetchedAt = Date.now();
      update(entry, { data, error: undefined, status: "success", fetching: false });
      return data;
    },
    (error: unknown) => {
      entry.inFlight = null;
      update(entry, { error, status: "error", fetching: false });
      throw error;
    },
  );
  entry.inFlight = request;
  update(entry, { fetching: true });
  return request;
}

/** Starts fetching `key` if needed, ignoring the outcome (a prefetch). */
export function prefetchQuery<T>(key: string, fn: QueryFn<T>, staleTime?: number): void {
  fetchQuery(key, fn, staleTime).catch(() => {});
}

/** Replaces the cached data of `key`. */
export function setQueryData<T>(key: string, data: T): void {
  const entry = entryOf<T>(key);
  entry.fetchedAt = Date.now();
  update(entry, { data, error: undefined, status: "success" });
}

/** Marks every key starting with `prefix` stale; watched ones refetch. */
export function invalidateQueries(prefix: string): void {
  for (const [key, entry] of cache) {
    if (!key.startsWith(prefix)) continue;
    entry.fetchedAt = 0;
    update(entry, {});
  }
}

export interface UseQueryResult<T> extends QueryState<T> {
  refetch: () => Promise<T>;
}

/**
 * The state of `key`, fetching it with `fn` when missing or stale. A null key waits (a
 * dependent query). Errors stay in the state; they are not thrown.
 */
export function usePublicQuery<T>(
  key: string | null,
  fn: QueryFn<T>,
  staleTime = 30_000,
): UseQueryResult<T> {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => {};
      const entry = entryOf<T>(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [key],
  );
  const read = () => (key === null ? pendingState : entryOf<T>(key).state);
  const state = useSyncExternalStore(subscribe, read, read);
  const fetchedAt = key === null ? 0 : entryOf<T>(key).fetchedAt;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fn is recreated each render; the key names it.
  useEffect(() => {
    if (key === null) return;
    fetchQuery(key, fn, staleTime).catch(() => {});
  }, [key, fetchedAt, staleTime]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const refetch = useCallback(() => {
    if (key === null) return Promise.reject(new Error("no query key"));
    entryOf<T>(key).fetchedAt = 0;
    return fetchQuery(key, fn, staleTime);
  }, [key, staleTime]);

  return { ...state, refetch };
}

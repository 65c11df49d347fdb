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

/** A query's key: its family first ("timetable", "eventType"...), then what names it. */
export type QueryKey = readonly [family: string, ...rest: readonly (string | number | null)[]];

/** A key with its fetcher, as a feature's factory builds it (TanStack Query's queryOptions). */
export interface PublicQueryOptions<T> {
  key: QueryKey;
  fn: QueryFn<T>;
  /** How long, in ms, fetched data counts as fresh (default 30 s). */
  staleTime?: number;
}

interface KeyedEntry<T> extends Entry<T> {
  key: QueryKey;
}

const cache = new Map<string, KeyedEntry<unknown>>();
const pendingState: QueryState<never> = {
  data: undefined,
  error: undefined,
  status: "pending",
  fetching: false,
};

const hashOf = (key: QueryKey) => JSON.stringify(key);

function entryOf<T>(key: QueryKey): KeyedEntry<T> {
  const hash = hashOf(key);
  let entry = cache.get(hash) as KeyedEntry<T> | undefined;
  if (!entry) {
    entry = { key, state: pendingState, fetchedAt: 0, inFlight: null, listeners: new Set() };
    cache.set(hash, entry as KeyedEntry<unknown>);
  }
  return entry;
}

function update<T>(entry: Entry<T>, state: Partial<QueryState<T>>) {
  entry.state = { ...entry.state, ...state };
  for (const listener of entry.listeners) listener();
}

/** The data of `key`, fetched with `fn` unless fresh data (younger than `staleTime` ms) is cached. */
export function fetchQuery<T>({ key, fn, staleTime = 30_000 }: PublicQueryOptions<T>): Promise<T> {
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

/** Starts fetching a query if needed, ignoring the outcome (a prefetch). */
export function prefetchQuery<T>(options: PublicQueryOptions<T>): void {
  fetchQuery(options).catch(() => {});
}

/** Replaces the cached data of `key`. */
export function setQueryData<T>(key: QueryKey, data: T): void {
  const entry = entryOf<T>(key);
  entry.fetchedAt = Date.now();
  update(entry, { data, error: undefined, status: "success" });
}

/** Whether `key` belongs to `family`: it starts with the family's parts, part for part. */
const inFamily = (key: QueryKey, family: readonly unknown[]) =>
  family.length <= key.length && family.every((part, index) => key[index] === part);

/** Marks every query of `family` (a key or its first parts) stale; watched ones refetch. */
export function invalidateQueries(family: readonly [string, ...unknown[]]): void {
  for (const entry of cache.values()) {
    if (!inFamily(entry.key, family)) continue;
    entry.fetchedAt = 0;
    update(entry, {});
  }
}

/** Forgets every query (tests start each case from an empty cache). */
export function resetPublicQueries(): void {
  cache.clear();
}

export interface UseQueryResult<T> extends QueryState<T> {
  refetch: () => Promise<T>;
}

/**
 * The state of a query, fetching it when missing or stale. Null options wait (a dependent
 * query). Errors stay in the state; they are not thrown.
 */
export function usePublicQuery<T>(options: PublicQueryOptions<T> | null): UseQueryResult<T> {
  const key = options?.key ?? null;
  const hash = key === null ? null : hashOf(key);
  const staleTime = options?.staleTime ?? 30_000;
  const state = useCachedQuery<T>(key);
  const fetchedAt = key === null ? 0 : entryOf<T>(key).fetchedAt;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are recreated each render; their key's hash names them.
  useEffect(() => {
    if (options === null) return;
    fetchQuery(options).catch(() => {});
  }, [hash, fetchedAt, staleTime]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const refetch = useCallback(() => {
    if (options === null) return Promise.reject(new Error("no query key"));
    entryOf<T>(options.key).fetchedAt = 0;
    return fetchQuery(options);
  }, [hash, staleTime]);

  return { ...state, refetch };
}

/** The cached state of `key` without fetching it (a null key reads as pending). */
export function useCachedQuery<T>(key: QueryKey | null): QueryState<T> {
  const hash = key === null ? null : hashOf(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a key is a new array each render; its hash names it.
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => {};
      const entry = entryOf<T>(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [hash],
  );
  const read = () => (key === null ? pendingState : entryOf<T>(key).state);
  return useSyncExternalStore(subscribe, read, read);
}

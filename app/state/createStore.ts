import { useSyncExternalStore } from "react";

/** A minimal external store for UI state; server data lives in the query cache instead. */
export interface Store<State> {
  get(): State;
  set(update: Partial<State> | ((state: State) => Partial<State>)): void;
  subscribe(listener: () => void): () => void;
}

/** A store holding `initial`; `set` merges shallowly and notifies only on change. */
export function createStore<State extends object>(initial: State): Store<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === "function" ? update(state) : update;
      const changed = Object.entries(patch).some(
        ([key, value]) => !Object.is(state[key as keyof State], value),
      );
      if (!changed) return;
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The slice of a store's state `select` picks; re-renders when it changes (Object.is). */
export function useStore<State, Selected>(
  store: Store<State>,
  select: (state: State) => Selected,
): Selected {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}

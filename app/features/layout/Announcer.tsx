import { createStore, useStore } from "../../state/createStore";

const store = createStore({ id: 0, message: "" });

/**
 * Says `message` to screen readers, politely, through the one live region of the page.
 * A region that appears together with its text is often not read; this one is there from
 * page load, and each message is a new node, so the same text said twice is read twice.
 */
export function announce(message: string): void {
  store.set((state) => ({ id: state.id + 1, message }));
}

/** The page's live region for `announce`; PageLayout renders it once, before any message. */
export function Announcer() {
  const { id, message } = useStore(store, (state) => state);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-announcer="">
      {message ? <p key={id}>{message}</p> : null}
    </div>
  );
}

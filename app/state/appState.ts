import type { CalendarType } from "../../core/i18n/intlLocale";
import { readCookie } from "../lib/readCookie";
import { writeCookie } from "../lib/writeCookie";
import { createStore, useStore } from "./createStore";
import { parseTimeFormat, type TimeFormat } from "./publicProfile";
import {
  calendarTypeCookie,
  parseCalendarType,
  timeZoneCookie,
  visitorCalendarType,
  visitorTimeZone,
} from "./visitorSettings";

export interface Toast {
  id: number;
  message: string;
  kind: "error" | "info";
}

/** UI state shared by the public pages (spec §3 "Client state"); server data is not kept here. */
export interface AppState {
  /** The server's clock as far as we know it, epoch ms; advanced every 10 seconds. */
  serverDate: number;
  /** The invitee's time zone (IANA). */
  timeZone: string;
  /** The invitee's 12/24-hour choice (time_format cookie), else 24; a page's profile may override it (useTimeFormat). */
  timeFormat: TimeFormat;
  toasts: Toast[];
  /** Requests that turn the loading indicator on and have not ended. */
  loading: number;
  device: "mobile" | "desktop";
  gtagLoaded: boolean;
  pixelLoaded: boolean;
  /** Which calendar the month calendar shows (spec §3 "calendar type", default Gregorian). */
  calendarType: CalendarType;
}

export type { CalendarType };

export { parseCalendarType };

const timeFormatCookie = "time_format";
const clockTickMs = 10_000;
const year = 365 * 24 * 3600;
// Mobile means narrower than the lg breakpoint, 1024 px (spec §9).
const mobileQuery = "(max-width: 1023.98px)";

function initialState(): AppState {
  const hasWindow = typeof window !== "undefined";
  return {
    serverDate: Date.now(),
    timeZone: visitorTimeZone(),
    timeFormat: parseTimeFormat(readCookie(timeFormatCookie)) ?? 24,
    toasts: [],
    loading: 0,
    device: hasWindow && window.matchMedia?.(mobileQuery).matches ? "mobile" : "desktop",
    gtagLoaded: false,
    pixelLoaded: false,
    calendarType: visitorCalendarType(),
  };
}

export const appStore = createStore<AppState>(initialState());

/** The part of the app state `select` picks; re-renders the caller when it changes. */
export function useAppState<Selected>(select: (state: AppState) => Selected): Selected {
  return useStore(appStore, select);
}

/** Switches between 12- and 24-hour times and remembers the choice in the time_format cookie. */
export function setTimeFormat(timeFormat: TimeFormat): void {
  writeCookie(timeFormatCookie, String(timeFormat), year);
  appStore.set({ timeFormat });
}

/** Sets the invitee's time zone and remembers it. */
export function setTimeZone(timeZone: string): void {
  writeCookie(timeZoneCookie, timeZone, year);
  appStore.set({ timeZone });
}

/** Switches the month calendar between Gregorian and Persian and remembers the choice. */
export function setCalendarType(calendarType: CalendarType): void {
  writeCookie(calendarTypeCookie, calendarType, year);
  appStore.set({ calendarType });
}

let toastId = 0;

/**
 * Shows a toast; type "danger" (or "error") is an error toast, any other info. `Toasts` takes
 * an info toast away after 7 seconds in view; an error stays until dismissed. The same text
 * again replaces its toast, so repeated failures do not pile up.
 */
export function notify(message: string, type = "info"): void {
  toastId += 1;
  const id = toastId;
  const kind = type === "danger" || type === "error" ? "error" : "info";
  appStore.set((state) => ({
    toasts: [
      ...state.toasts.filter((toast) => toast.message !== message || toast.kind !== kind),
      { id, message, kind },
    ],
  }));
}

export function dismissToast(id: number): void {
  appStore.set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Turns the loading indicator on; call the returned function once the work ended. */
export function startLoading(): () => void {
  appStore.set((state) => ({ loading: state.loading + 1 }));
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    appStore.set((state) => ({ loading: Math.max(0, state.loading - 1) }));
  };
}

/** Starts the clock and the device watch (reads the environment); returns a stop function. */
export function startAppStateWatchers(): () => void {
  const clock = setInterval(
    () => appStore.set((state) => ({ serverDate: state.serverDate + clockTickMs })),
    clockTickMs,
  );
  const media = window.matchMedia?.(mobileQuery);
  const handleChange = () => appStore.set({ device: media?.matches ? "mobile" : "desktop" });
  media?.addEventListener("change", handleChange);
  return () => {
    clearInterval(clock);
    media?.removeEventListener("change", handleChange);
  };
}

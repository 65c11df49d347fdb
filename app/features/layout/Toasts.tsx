import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlockEndReserve } from "../../lib/useBlockEndReserve";
import { dismissToast, type Toast, useAppState } from "../../state/appState";

// Spec §6: a toast shows for 7 seconds; here 7 seconds in which no one hovers or focuses it.
const infoToastMs = 7_000;

/**
 * Takes info toasts away once they have been shown `infoToastMs`, not counting time while
 * `paused` (WCAG 2.2.1: a reader is not rushed). Errors stay until dismissed.
 */
function useInfoToastTimers(toasts: readonly Toast[], paused: boolean) {
  const remaining = useRef(new Map<number, number>());
  useEffect(() => {
    const left = remaining.current;
    const info = toasts.filter((toast) => toast.kind === "info");
    for (const id of left.keys()) {
      if (!info.some((toast) => toast.id === id)) left.delete(id);
    }
    if (paused) return;
    const started = Date.now();
    const timers = info.map((toast) =>
      setTimeout(() => dismissToast(toast.id), left.get(toast.id) ?? infoToastMs),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
      const spent = Date.now() - started;
      for (const toast of info) {
        left.set(toast.id, Math.max(0, (left.get(toast.id) ?? infoToastMs) - spent));
      }
    };
  }, [toasts, paused]);
}

/**
 * The toasts of the app state; the two live regions stay mounted so every toast is announced.
 * Hovering or focusing a toast holds them all. Focus is kept clear of them like of any bar at
 * the bottom; an error, which stays, also gets room at the end of the page.
 */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useAppState((state) => state.toasts);
  // By id: a toast removed under the pointer or with focus in it sends no leave or blur.
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const paused = toasts.some((toast) => toast.id === hovered || toast.id === focused);
  useInfoToastTimers(toasts, paused);
  const ref = useRef<HTMLDivElement>(null);
  useBlockEndReserve(ref, {
    active: toasts.length > 0,
    room: toasts.some((toast) => toast.kind === "error"),
  });
  const list = (kind: "error" | "info") =>
    toasts
      .filter((toast) => toast.kind === kind)
      .map((toast) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only hold the timer; the button is the control.
        <div
          key={toast.id}
          onPointerEnter={() => setHovered(toast.id)}
          onPointerLeave={() => setHovered((id) => (id === toast.id ? null : id))}
          onFocus={() => setFocused(toast.id)}
          onBlur={() => setFocused((id) => (id === toast.id ? null : id))}
          // The brand-blue focus ring would vanish on the dark toast: white there.
          className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg [&_:focus-visible]:outline-white ${
            kind === "error" ? "bg-red-700 text-white" : "bg-gray-900 text-white"
          }`}
        >
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="-me-1 rounded px-1 font-semibold underline-offset-2 hover:underline"
          >
            {t("layout.dismiss")}
          </button>
        </div>
      ));
  return (
    <div
      ref={ref}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      <div role="alert" className="flex w-full max-w-md flex-col gap-2">
        {list("error")}
      </div>
      <div role="status" className="flex w-full max-w-md flex-col gap-2">
        {list("info")}
      </div>
    </div>
  );
}

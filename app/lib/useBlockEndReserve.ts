import { type RefObject, useEffect } from "react";

interface Reserve {
  element: HTMLElement;
  size: number;
  /** The element floats over the page (fixed), so the page needs room to scroll out from under it. */
  room: boolean;
}

// Room for the focus ring (2 px outline, 2 px offset) and a little air above it.
const ringSpace = 8;
const reserves = new Map<symbol, Reserve>();

function scrollReserve(): number {
  let scroll = 0;
  for (const reserve of reserves.values()) scroll = Math.max(scroll, reserve.size + ringSpace);
  return scroll;
}

function applyReserves() {
  let room = 0;
  for (const reserve of reserves.values()) {
    if (reserve.room) room = Math.max(room, reserve.size);
  }
  const scroll = scrollReserve();
  // The browser scrolls a newly focused element clear of the scroll padding (WCAG 2.4.11).
  document.documentElement.style.scrollPaddingBlockEnd = scroll ? `${scroll}px` : "";
  document.body.style.paddingBlockEnd = room ? `${room}px` : "";
}

/**
 * Chromium scrolls only a text area's caret into view on focus, which can leave the rest of
 * the box under the bar: once the browser is done, bring the whole element out if it fits.
 */
function handleFocusIn(event: FocusEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    if (document.activeElement !== target) return;
    for (const reserve of reserves.values()) {
      if (reserve.element.contains(target)) return;
    }
    const rect = target.getBoundingClientRect();
    const clearEnd = window.innerHeight - scrollReserve();
    if (rect.bottom > clearEnd && rect.height <= clearEnd)
      target.scrollIntoView({ block: "nearest" });
  });
}

/**
 * Keeps what has focus clear of `ref`'s element, a bar at the bottom of the viewport (sticky
 * or fixed): its height and distance from the bottom become the page's scroll padding at the
 * block end. `room` also pads the page by as much, for a fixed bar that would otherwise cover
 * its last lines. Nothing is reserved while `active` is false (say, no toast to show). Reads
 * the element's layout.
 */
export function useBlockEndReserve(
  ref: RefObject<HTMLElement | null>,
  { room = false, active = true }: { room?: boolean; active?: boolean } = {},
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const key = Symbol("reserve");
    const measure = () => {
      const offset = Number.parseFloat(getComputedStyle(element).insetBlockEnd) || 0;
      const size = Math.ceil(element.getBoundingClientRect().height + Math.max(offset, 0));
      const current = reserves.get(key);
      if (current && current.size === size && current.room === room) return;
      if (reserves.size === 0) document.addEventListener("focusin", handleFocusIn);
      reserves.set(key, { element, size, room });
      applyReserves();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The distance from the bottom changes with the breakpoint, not always the size.
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      reserves.delete(key);
      if (reserves.size === 0) document.removeEventListener("focusin", handleFocusIn);
      applyReserves();
    };
  }, [ref, room, active]);
}

import { type ReactNode, useRef } from "react";
import { useBlockEndReserve } from "../lib/useBlockEndReserve";

/**
 * The save button of a long form, kept at the bottom of the viewport; the page's scroll
 * padding grows by its height so a focused field is never left behind it.
 */
export function StickySaveBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useBlockEndReserve(ref);
  return (
    <div
      ref={ref}
      className="sticky bottom-0 -mx-4 flex justify-end gap-2 border-t border-gray-200 bg-layout/95 px-4 py-3 sm:mx-0 sm:rounded-xl sm:border"
    >
      {children}
    </div>
  );
}

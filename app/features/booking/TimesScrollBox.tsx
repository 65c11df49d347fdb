import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** The height of the fade at an edge that hides times: a time under it counts as hidden. */
const FADE_PX = 40;

interface Edges {
  /** Times scrolled past above. */
  above: boolean;
  /** Times below the box, or under its lower fade. */
  below: number;
}

/**
 * The day's times beside the calendar, in a box of its own height (from `md` up; on phones
 * the page itself scrolls). Its height cuts through a time rather than between two, and an
 * edge with more times behind it fades out, the lower one with a "N more times" button over
 * it: systems that hide scrollbars would otherwise show a day's morning as the whole day.
 * A time that gets focus is scrolled clear of the fades, so a keyboard user always sees it.
 */
export function TimesScrollBox({
  children,
  contentKey,
}: {
  children: ReactNode;
  contentKey: string;
}) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ above: false, below: 0 });

  const measure = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    if (box.scrollHeight <= box.clientHeight + 1) {
      setEdges((old) => (old.above || old.below > 0 ? { above: false, below: 0 } : old));
      return;
    }
    const limit = box.getBoundingClientRect().bottom - FADE_PX;
    let below = 0;
    for (const item of box.querySelectorAll("li")) {
      if (item.getBoundingClientRect().bottom > limit + 0.5) below += 1;
    }
    // The last times reached: no fade below, however close to the edge they end.
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) below = 0;
    const above = box.scrollTop > 1;
    setEdges((old) => (old.above === above && old.below === below ? old : { above, below }));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for other times.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.scrollTop = 0;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    box.addEventListener("scroll", measure, { passive: true });
    box.addEventListener("focusin", keepClearOfFades);
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", measure);
      box.removeEventListener("focusin", keepClearOfFades);
    };
  }, [measure, contentKey]);

  /** Keeps a focused time clear of the fades (the browser only scrolls it inside the box). */
  function keepClearOfFades(event: FocusEvent) {
    const box = boxRef.current;
    if (!box || box.scrollHeight <= box.clientHeight + 1 || !(event.target instanceof Element)) {
      return;
    }
    const item = event.target.closest("li") ?? event.target;
    const boxRect = box.getBoundingClientRect();
    const rect = item.getBoundingClientRect();
    const clearBelow = rect.bottom - (boxRect.bottom - FADE_PX);
    const clearAbove = boxRect.top + FADE_PX - rect.top;
    if (clearBelow > 0) box.scrollTop += clearBelow;
    else if (clearAbove > 0 && box.scrollTop > 0) box.scrollTop -= clearAbove;
  }

  /** Shows the next times: the first one hidden goes to the top and takes focus. */
  function handleShowMore() {
    const box = boxRef.current;
    if (!box) return;
    const limit = box.getBoundingClientRect().bottom - FADE_PX;
    const next = [...box.querySelectorAll("li")].find(
      (item) => item.getBoundingClientRect().bottom > limit + 0.5,
    );
    if (!next) return;
    box.scrollTop += next.getBoundingClientRect().top - box.getBoundingClientRect().top - 4;
    next.querySelector<HTMLElement>("button, a")?.focus({ preventScroll: true });
  }

  return (
    // The padding keeps the buttons' focus rings inside the box's clip.
    <div className="relative md:-m-1">
      <div ref={boxRef} className="md:max-h-[25rem] md:overflow-y-auto md:p-1">
        {children}
      </div>
      {edges.above ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-10 bg-linear-to-b from-white to-white/0"
        />
      ) : null}
      {edges.below > 0 ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex h-10 items-end justify-center bg-linear-to-t from-white from-25% to-white/0">
          <button
            type="button"
            onClick={handleShowMore}
            className="pointer-events-auto mb-1 inline-flex min-h-8 items-center gap-1 rounded-full border border-brand-border bg-white px-3 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-600/5"
          >
            {t("times.more", { count: edges.below })}
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}

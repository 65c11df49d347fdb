import { useEffect } from "react";
import { postToParent } from "./embedded";

/** While embedded, posts slotted.page_height with the body's scroll height and width on every size change. */
export function usePageHeightReporter(embedded: boolean): void {
  useEffect(() => {
    if (!embedded || typeof ResizeObserver === "undefined") return;
    let last = "";
    const report = () => {
      const { scrollHeight: height, scrollWidth: width } = document.body;
      const key = `${height}x${width}`;
      if (key === last) return;
      last = key;
      postToParent("page_height", { height, width });
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, [embedded]);
}

import { useEffect } from "react";
import type { PublicProfile } from "../../state/publicProfile";
import { layoutColors } from "./layoutColors";

/** Applies the page colours (profile, query, default) as CSS variables of the document. */
export function useLayoutColors(profile: PublicProfile | null, search: string): void {
  const { background, text, primary } = layoutColors(profile, search);
  useEffect(() => {
    const style = document.documentElement.style;
    style.setProperty("--layout-bg", background);
    if (text) style.setProperty("--layout-text", text);
    else style.removeProperty("--layout-text");
    if (primary) {
      style.setProperty("--color-brand-600", primary);
      style.setProperty("--color-brand-700", `color-mix(in srgb, ${primary} 82%, black)`);
    } else {
      style.removeProperty("--color-brand-600");
      style.removeProperty("--color-brand-700");
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", background);
  }, [background, text, primary]);
}

import { useEffect } from "react";
import type { PublicProfile } from "../../state/publicProfile";
import { brandShades } from "./brandShades";
import { layoutColors } from "./layoutColors";

/** Applies the page colours (profile, query, default) as CSS variables of the document. */
export function useLayoutColors(profile: PublicProfile | null, search: string): void {
  const { background, text, primary } = layoutColors(profile, search);
  useEffect(() => {
    const style = document.documentElement.style;
    style.setProperty("--layout-bg", background);
    if (text) style.setProperty("--layout-text", text);
    else style.removeProperty("--layout-text");
    const shades = primary ? brandShades(primary) : null;
    for (const [name, value] of [
      ["--color-brand-600", shades?.fill],
      ["--color-brand-700", shades?.text],
      ["--color-brand-border", shades?.border],
    ] as const) {
      if (value) style.setProperty(name, value);
      else style.removeProperty(name);
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", background);
  }, [background, text, primary]);
}

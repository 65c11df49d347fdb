import { useEffect } from "react";
import { brandShades, focusRing } from "../../../core/pages/brandShades";
import { layoutColors } from "../../../core/pages/layoutColors";
import type { PublicProfile } from "../../state/publicProfile";

/** The primary colour when the host picks none (styles.css's --color-brand-600). */
const DEFAULT_PRIMARY = "#1d4ed8";

/** Applies the page colours (profile, query, default) as CSS variables of the document. */
export function useLayoutColors(profile: PublicProfile | null, search: string): void {
  const { background, text, primary } = layoutColors(profile, search);
  useEffect(() => {
    const style = document.documentElement.style;
    style.setProperty("--layout-bg", background);
    if (text) style.setProperty("--layout-text", text);
    else style.removeProperty("--layout-text");
    const shades = primary ? brandShades(primary) : null;
    const ring = focusRing(primary ?? DEFAULT_PRIMARY, background);
    for (const [name, value] of [
      ["--color-brand-600", shades?.fill],
      ["--color-brand-700", shades?.text],
      ["--color-brand-border", shades?.border],
      ["--color-focus-ring", ring.color],
      ["--focus-halo", ring.halo ?? undefined],
    ] as const) {
      if (value) style.setProperty(name, value);
      else style.removeProperty(name);
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", background);
  }, [background, text, primary]);
}

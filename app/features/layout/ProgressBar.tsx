import { useEffect, useState } from "react";
import { useAppState } from "../../state/appState";

// The bar shows only for work that lasts over 200 ms and creeps towards the end over 5 s (spec §9).
const throttleMs = 200;
const durationMs = 5_000;

/** The top progress bar, driven by the loading indicator of the app state. */
export function ProgressBar() {
  const loading = useAppState((state) => state.loading > 0);
  const [phase, setPhase] = useState<"idle" | "running" | "done">("idle");

  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => setPhase("running"), throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "done" : "idle"));
    const timer = setTimeout(() => setPhase("idle"), 300);
    return () => clearTimeout(timer);
  }, [loading]);

  if (phase === "idle") return null;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5">
      <div
        className="h-full bg-brand-600 transition-[inline-size,opacity] ease-out motion-reduce:transition-none"
        style={{
          inlineSize: phase === "running" ? "90%" : "100%",
          opacity: phase === "done" ? 0 : 1,
          transitionDuration: phase === "running" ? `${durationMs}ms` : "300ms",
        }}
      />
    </div>
  );
}

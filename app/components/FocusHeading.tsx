import { useEffect, useRef } from "react";

/** A page's h1, focused when it appears so screen readers start at the outcome it states. */
export function FocusHeading({ title }: { title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold text-gray-900 outline-none">
      {title}
    </h1>
  );
}

import { useEffect, useRef } from "react";

interface FocusHeadingProps {
  title: string;
  /** A page's outcome is its h1; a step of a flow is an h2 under the page's title. */
  level?: 1 | 2;
  id?: string;
  className?: string;
  /** Take focus when mounted; false when the heading appears without the user doing anything. */
  focus?: boolean;
}

/**
 * A heading focused when it appears, so that keyboard and screen-reader users start at the
 * new page or step instead of the page's top (focus would otherwise drop to the body when
 * the control they used disappears).
 */
export function FocusHeading({
  title,
  level = 1,
  id,
  className = "text-2xl font-bold text-gray-900",
  focus = true,
}: FocusHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the heading appears.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <Heading ref={ref} id={id} tabIndex={-1} className={`${className} outline-none`}>
      {title}
    </Heading>
  );
}

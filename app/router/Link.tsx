import type { ComponentPropsWithoutRef, MouseEvent } from "react";
import { navigate } from "./navigation";

interface LinkProps extends Omit<ComponentPropsWithoutRef<"a">, "href"> {
  to: string;
  replace?: boolean;
  /** Carry the spec's kept query parameters over (public pages). */
  keepQuery?: boolean;
}

/** An anchor that navigates inside the app; modified clicks and new tabs behave as links do. */
export function Link({ to, replace, keepQuery, onClick, target, ...props }: LinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== "_self")
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace, keepQuery });
  }
  return <a href={to} target={target} onClick={handleClick} {...props} />;
}

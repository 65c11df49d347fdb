import { useEffect, useState } from "react";

type Direction = "up" | "down";

/**
 * Keeps keyboard focus with an item moved by its "Move up" / "Move down" buttons: React moves
 * the item's node (which drops the focus inside it), and at either end of the list the button
 * pressed is disabled. After `moved(id, direction)`, focus goes to the item's button of that
 * direction (`[data-move-item=id] [data-move=direction]`), or, disabled, to the item's heading
 * (as the routing form's question list does).
 */
export function useFocusAfterMove(): (id: string, direction: Direction) => void {
  const [last, setLast] = useState<{ id: string; direction: Direction } | null>(null);
  useEffect(() => {
    if (!last) return;
    const item = [...document.querySelectorAll("[data-move-item]")].find(
      (element) => element.getAttribute("data-move-item") === last.id,
    );
    const pressed = item?.querySelector<HTMLElement>(
      `[data-move="${last.direction}"]:not([disabled])`,
    );
    (pressed ?? item?.querySelector<HTMLElement>("h3[tabindex]"))?.focus();
    setLast(null);
  }, [last]);
  return (id, direction) => setLast({ id, direction });
}

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export interface Tab {
  id: string;
  label: string;
  panel: ReactNode;
}

interface TabsProps {
  label: string;
  tabs: readonly Tab[];
  defaultTabId?: string;
}

/**
 * WAI-ARIA tabs with automatic activation. Arrow keys follow the reading direction, so in
 * right-to-left layouts ArrowLeft moves to the next tab. Hidden panels stay mounted to keep
 * what was typed in them.
 */
export function Tabs({ label, tabs, defaultTabId }: TabsProps) {
  const baseId = useId();
  const [selectedId, setSelectedId] = useState(defaultTabId ?? tabs[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelectedId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.id === selectedId);
    const forward = getComputedStyle(event.currentTarget).direction === "rtl" ? -1 : 1;
    const moves: Record<string, number> = {
      ArrowRight: current + forward,
      ArrowLeft: current - forward,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 rounded-lg bg-gray-100 p-1"
        onKeyDown={handleKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedId(tab.id)}
              className={`min-h-11 flex-1 rounded-md px-3 py-2 text-base font-semibold transition-[color,background-color,border-color] ${
                selected ? "bg-brand-700 text-white shadow-sm" : "text-gray-700 hover:text-gray-900"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selectedId}
          className="pt-5"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}

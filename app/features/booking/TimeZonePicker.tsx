import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { timeZoneAliases } from "../../../core/time/timeZoneAliases";
import {
  foldSearchText,
  matchesZoneQuery,
  zoneQueryRank,
  zoneSearchText,
} from "../../../core/time/zoneSearch";
import { timeZoneLabel } from "./timeZoneLabel";

function allZones(): string[] {
  const listed =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  // ICU still lists some zones by their old names (Asia/Calcutta); show the current ones.
  const current = listed.map((zone) => timeZoneAliases[zone] ?? zone);
  return [...new Set([...current, "UTC"])].sort();
}

interface TimeZonePickerProps {
  value: string;
  now: number;
  locale: string;
  /**
   * Closes the picker, with the chosen zone or none; `returnFocus` false when focus has moved
   * on already (Tab, a click elsewhere) and must stay where it went.
   */
  onClose: (zone?: string, returnFocus?: boolean) => void;
  /** The button that opened the picker, which has focus while the picker loads. */
  opener: RefObject<HTMLElement | null>;
}

/**
 * TimeZoneField's list, loaded when it first opens: a combobox searching the time zones by
 * name, offset, city, country or common name, in the page's language (WAI-ARIA combobox with a
 * listbox).
 */
export function TimeZonePicker({ value, now, locale, onClose, opener }: TimeZonePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const zones = useMemo(() => {
    const regions = new Intl.DisplayNames([locale], { type: "region" });
    return allZones().map((zone) => {
      const label = timeZoneLabel(zone, now, locale);
      // The label holds the offset; the rest finds a zone by country, city or common name.
      return {
        zone,
        label,
        search: `${foldSearchText(label)} ${zoneSearchText(zone, locale, now, regions)}`,
      };
    });
  }, [now, locale]);
  const matches = zones
    .filter(({ search }) => matchesZoneQuery(search, query))
    .map((zone) => ({ ...zone, rank: zoneQueryRank(zone.search, query) }))
    .sort((a, b) => a.rank - b.rank);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      matches.findIndex((m) => m.zone === value),
    ),
  );
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the picker has loaded.
  useEffect(() => {
    const active = document.activeElement;
    // Loaded after the user tabbed on: close rather than pull focus back into the picker.
    if (active && active !== document.body && active !== opener.current) onClose(undefined, false);
    else inputRef.current?.focus();
  }, []);
  useEffect(() => {
    listRef.current
      ?.querySelector(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [activeIndex]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      PageDown: Math.min(activeIndex + 10, last),
      PageUp: Math.max(activeIndex - 10, 0),
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const match = matches[activeIndex];
      if (match) onClose(match.zone);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  }

  return (
    <div className="absolute inset-x-0 top-full z-20 mt-1 flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-2 shadow-lg">
      <label htmlFor={`${id}-search`} className="px-1 text-sm font-semibold text-gray-800">
        {t("booking.searchTimeZone")}
      </label>
      <input
        ref={inputRef}
        id={`${id}-search`}
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={matches.length > 0 ? `${id}-option-${activeIndex}` : undefined}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) {
            onClose(undefined, false);
          }
        }}
        className="min-h-11 w-full rounded-md border border-field-border px-3 py-2 text-base"
      />
      <div
        ref={listRef}
        id={`${id}-list`}
        role="listbox"
        aria-label={t("booking.timeZone")}
        tabIndex={-1}
        className="max-h-64 overflow-y-auto"
      >
        {matches.map(({ zone, label }, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
          <div
            key={zone}
            id={`${id}-option-${index}`}
            data-index={index}
            role="option"
            aria-selected={zone === value}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onClose(zone)}
            className={`cursor-pointer rounded px-3 py-2 text-sm ${
              index === activeIndex ? "bg-brand-600 text-white" : "text-gray-900"
            } ${zone === value ? "font-semibold" : ""}`}
          >
            {label}
          </div>
        ))}
      </div>
      {/* Mounted before its message, so that screen readers announce the message. */}
      <p
        role="status"
        className={matches.length === 0 ? "px-3 py-2 text-sm text-gray-600" : "sr-only"}
      >
        {matches.length === 0 ? t("booking.noTimeZoneFound") : null}
      </p>
    </div>
  );
}

import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { describedBy, FieldMessages } from "./FieldMessages";

/** The words the dropdown says, in the page's language (the caller translates). */
export interface MultiSelectTexts {
  placeholder: string;
  search: string;
  selectAll: string;
  noMatches: string;
  /** "{count} selected", for the closed button and the announcement. */
  selected: (count: number) => string;
  /** "+{count} more" after the displayed values. */
  more: (count: number) => string;
  /** 'Add “{value}”', the row that adds what was typed (new-option mode). */
  add?: (value: string) => string;
}

interface MultiSelectProps {
  label: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  texts: MultiSelectTexts;
  /** Most options that may be chosen (null: any number); the rest are disabled once reached. */
  maxSelected?: number | null;
  hint?: string;
  errors?: readonly string[];
  /** Renders an option's text (user-written text is direction-isolated by the caller). */
  renderOption?: (option: string) => React.ReactNode;
  /** New-option mode: the visitor may add a typed value that is not among the options. */
  allowNew?: boolean;
  /**
   * Several values (the default) or one: picking an option then replaces the value, closes the
   * list and returns focus to the button; picking the chosen option again clears it.
   */
  multiple?: boolean;
}

// Spec §9: 5 visible options of 40 px; at most 50 chosen values shown on the button.
const SHOWN_VALUES = 50;
const fold = (text: string) => text.toLocaleLowerCase();

/**
 * The dropdown of single and multiple choice (spec §5, §9): a button that opens a search box over a listbox
 * (with 'select all' when several may be chosen), usable by keyboard alone (arrows, Home, End, Enter or Space to toggle,
 * Escape to close). The search box is a combobox whose active option is announced through
 * aria-activedescendant; under 576 px the list opens as a sheet at the bottom of the screen.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  texts,
  maxSelected = null,
  hint,
  errors = [],
  renderOption = (option) => option,
  allowNew = false,
  multiple = true,
}: MultiSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // The options, then the values the visitor added (so that they can be unticked again).
  const choices = useMemo(
    () => [...options, ...value.filter((chosen) => !options.includes(chosen))],
    [options, value],
  );
  const shown = useMemo(
    () => choices.filter((option) => fold(option).includes(fold(query.trim()))),
    [choices, query],
  );
  // One value is replaced by the next pick, so a single dropdown is never full.
  const full = multiple && maxSelected !== null && value.length >= maxSelected;
  // New-option mode: what was typed, when no choice is that text already.
  const typed = query.trim();
  const newValue =
    allowNew && typed !== "" && !full && !choices.some((option) => fold(option) === fold(typed))
      ? typed
      : null;
  // Row 0 is 'select all' (only when any number may be chosen); options follow, then 'Add'.
  const hasSelectAll = multiple && maxSelected === null && shown.length > 1;
  const rows = (hasSelectAll ? 1 : 0) + shown.length + (newValue === null ? 0 : 1);
  const addRow = newValue === null ? -1 : rows - 1;
  const allShownChosen = shown.length > 0 && shown.every((option) => value.includes(option));

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  const rowId = (row: number) => `${id}-row-${row}`;
  // Opening starts on the chosen option of a single dropdown (the search is empty then).
  const firstRow = () => (multiple ? 0 : Math.max(0, choices.indexOf(value[0] ?? "")));
  const optionAt = (row: number) => shown[hasSelectAll ? row - 1 : row];

  function toggle(option: string) {
    if (value.includes(option)) onChange(value.filter((v) => v !== option));
    else if (!multiple) {
      onChange([option]);
      closeAndReturn();
    } else if (!full) onChange([...value, option]);
  }

  function toggleRow(row: number) {
    if (row === addRow && newValue !== null) {
      if (!multiple) {
        onChange([newValue]);
        closeAndReturn();
        return;
      }
      onChange([...value, newValue]);
      setQuery("");
      setActive(0);
      return;
    }
    if (hasSelectAll && row === 0) {
      onChange(
        allShownChosen
          ? value.filter((v) => !shown.includes(v))
          : [...value, ...shown.filter((option) => !value.includes(option))],
      );
      return;
    }
    const option = optionAt(row);
    if (option !== undefined) toggle(option);
  }

  function closeAndReturn() {
    setOpen(false);
    setQuery("");
    buttonRef.current?.focus();
  }

  function handleKey(event: KeyboardEvent<HTMLInputElement>) {
    const move = (to: number) => {
      event.preventDefault();
      const next = Math.max(0, Math.min(rows - 1, to));
      setActive(next);
      document.getElementById(rowId(next))?.scrollIntoView({ block: "nearest" });
    };
    switch (event.key) {
      case "ArrowDown":
        return move(active + 1);
      case "ArrowUp":
        return move(active - 1);
      case "Home":
        return move(0);
      case "End":
        return move(rows - 1);
      case "Enter":
        event.preventDefault();
        if (rows > 0) toggleRow(active);
        return;
      case " ":
        // Space types in the search box unless an option is being chosen by arrows.
        if (query === "" && rows > 0) {
          event.preventDefault();
          toggleRow(active);
        }
        return;
      case "Escape":
        event.preventDefault();
        closeAndReturn();
        return;
      case "Tab":
        setOpen(false);
        setQuery("");
        return;
    }
  }

  const summary =
    value.length === 0 ? texts.placeholder : multiple ? texts.selected(value.length) : null;
  const invalid = errors.length > 0;

  return (
    <div ref={rootRef} className="relative flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-semibold text-gray-800">
        {label}
      </span>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}`}
        {...describedBy(id, hint, errors)}
        onClick={() => {
          setOpen((was) => !was);
          setActive(firstRow());
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setActive(firstRow());
            setOpen(true);
          }
        }}
        className={`flex min-h-11 w-full flex-wrap items-center gap-1 rounded-lg border bg-white px-3 py-2 text-start text-base ${
          invalid ? "border-red-700" : "border-field-border"
        } focus-visible:outline-2 focus-visible:outline-brand-600`}
      >
        {value.length === 0 ? (
          <span className="text-gray-600">{summary}</span>
        ) : (
          <>
            {summary === null ? null : <span className="sr-only">{summary}: </span>}
            {value.slice(0, SHOWN_VALUES).map((chosen) => (
              <span key={chosen} className="rounded bg-gray-100 px-2 py-0.5 text-sm text-gray-900">
                {renderOption(chosen)}
              </span>
            ))}
            {value.length > SHOWN_VALUES ? (
              <span className="text-sm text-gray-700">
                {texts.more(value.length - SHOWN_VALUES)}
              </span>
            ) : null}
          </>
        )}
      </button>
      {open ? (
        <div className="z-20 flex flex-col gap-2 rounded-lg border border-field-border bg-white p-2 shadow-lg max-[575px]:fixed max-[575px]:inset-x-0 max-[575px]:bottom-0 max-[575px]:rounded-b-none min-[576px]:absolute min-[576px]:inset-x-0 min-[576px]:top-full min-[576px]:mt-1">
          <input
            ref={searchRef}
            type="text"
            role="combobox"
            aria-label={texts.search}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={rows > 0 ? rowId(Math.min(active, rows - 1)) : undefined}
            placeholder={texts.search}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={handleKey}
            className="min-h-10 rounded-md border border-field-border px-2 text-base"
          />
          <div
            id={listId}
            role="listbox"
            aria-multiselectable={multiple}
            aria-label={label}
            className="max-h-[200px] overflow-y-auto"
          >
            {hasSelectAll ? (
              <Row
                id={rowId(0)}
                selected={allShownChosen}
                active={active === 0}
                onPick={() => toggleRow(0)}
                onHover={() => setActive(0)}
              >
                {texts.selectAll}
              </Row>
            ) : null}
            {shown.map((option, index) => {
              const row = hasSelectAll ? index + 1 : index;
              const selected = value.includes(option);
              return (
                <Row
                  key={option}
                  id={rowId(row)}
                  selected={selected}
                  disabled={full && !selected}
                  active={active === row}
                  onPick={() => toggleRow(row)}
                  onHover={() => setActive(row)}
                >
                  {renderOption(option)}
                </Row>
              );
            })}
            {newValue !== null ? (
              <Row
                id={rowId(addRow)}
                selected={false}
                active={active === addRow}
                onPick={() => toggleRow(addRow)}
                onHover={() => setActive(addRow)}
                mark="+"
              >
                {(texts.add ?? ((text: string) => text))(newValue)}
              </Row>
            ) : null}
          </div>
          {rows === 0 ? (
            <p role="status" className="px-2 py-1 text-sm text-gray-700">
              {texts.noMatches}
            </p>
          ) : null}
        </div>
      ) : null}
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

interface RowProps {
  id: string;
  selected: boolean;
  active: boolean;
  disabled?: boolean;
  onPick: () => void;
  onHover: () => void;
  /** What the box at the start shows instead of the tick ('+' on the row that adds). */
  mark?: string;
  children: React.ReactNode;
}

function Row({
  id,
  selected,
  active,
  disabled = false,
  onPick,
  onHover,
  mark,
  children,
}: RowProps) {
  return (
    // The search box keeps focus and drives the list by keyboard (aria-activedescendant).
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard use goes through the combobox.
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      onPointerDown={(event) => event.preventDefault()}
      onClick={() => {
        if (!disabled) onPick();
      }}
      onPointerEnter={onHover}
      className={`flex h-10 cursor-pointer items-center gap-2 rounded px-2 text-gray-900 ${
        active ? "bg-brand-600/10 outline-1 outline-brand-600" : ""
      } ${disabled ? "cursor-not-allowed opacity-50" : ""}`}
    >
      <span
        aria-hidden="true"
        className={`flex size-4 shrink-0 items-center justify-center rounded border ${
          selected ? "border-brand-600 bg-brand-600 text-white" : "border-gray-500"
        }`}
      >
        {mark ?? (selected ? "✓" : "")}
      </span>
      <span className="truncate">{children}</span>
    </div>
  );
}

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { CSSProperties, KeyboardEvent, PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { BLOCK_MAX_ROWS, PAGE_GRID_COLUMNS } from "../../../../core/pages/blockKinds";
import { Button } from "../../../components/Button";
import type { EditorBlock } from "./editorBlocks";

interface SortableBlockProps {
  /** A new size from the resize handle (pointer or arrow keys). */
  onResize: (size: { w: number; h: number }) => void;
  lifted: boolean;
  onHandleKey: (event: KeyboardEvent) => void;
  block: EditorBlock;
  name: string;
  selected: boolean;
  invalid: boolean;
  onSelect: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/**
 * One block in the builder's grid: its drag handle (pointer, or Space and arrows), its name
 * (chooses it for the side panel), hide, delete and a resize handle (pointer or arrows).
 */
export function SortableBlock({
  block,
  name,
  selected,
  invalid,
  onSelect,
  onToggle,
  onDelete,
  lifted,
  onHandleKey,
  onResize,
}: SortableBlockProps) {
  const { t } = useTranslation();
  const clampSize = (w: number, h: number) => ({
    w: Math.min(PAGE_GRID_COLUMNS, Math.max(1, w)),
    h: Math.min(BLOCK_MAX_ROWS, Math.max(1, h)),
  });
  const handleResizeKey = (event: KeyboardEvent) => {
    const rtl = document.documentElement.dir === "rtl";
    const { w, h } = block.layout;
    const next =
      event.key === "ArrowRight"
        ? clampSize(w + (rtl ? -1 : 1), h)
        : event.key === "ArrowLeft"
          ? clampSize(w + (rtl ? 1 : -1), h)
          : event.key === "ArrowDown"
            ? clampSize(w, h + 1)
            : event.key === "ArrowUp"
              ? clampSize(w, h - 1)
              : null;
    if (!next) return;
    event.preventDefault();
    if (next.w !== w || next.h !== h) onResize(next);
  };
  const handleResizePointer = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const item = event.currentTarget.closest("li");
    const grid = item?.parentElement;
    if (!item || !grid) return;
    event.preventDefault();
    const start = { x: event.clientX, y: event.clientY, w: block.layout.w, h: block.layout.h };
    const column = grid.getBoundingClientRect().width / PAGE_GRID_COLUMNS;
    const row = item.getBoundingClientRect().height / block.layout.h;
    const rtl = document.documentElement.dir === "rtl";
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    let last = { w: start.w, h: start.h };
    const move = (moved: PointerEvent) => {
      const dx = (moved.clientX - start.x) * (rtl ? -1 : 1);
      const next = clampSize(
        start.w + Math.round(dx / column),
        start.h + Math.round((moved.clientY - start.y) / row),
      );
      if (next.w === last.w && next.h === last.h) return;
      last = next;
      onResize(next);
    };
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
  };
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: block.id });
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
    "--block-span": `span ${block.layout.w}`,
    "--block-rows": `span ${block.layout.h}`,
  } as CSSProperties;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-block-id={block.id}
      className={`flex min-h-20 flex-col gap-2 rounded-xl border-2 bg-white p-3 @xl:[grid-column:var(--block-span)] @xl:[grid-row:var(--block-rows)] ${
        invalid ? "border-red-600" : selected ? "border-brand-600" : "border-gray-200"
      } ${isDragging || lifted ? "z-10 shadow-lg ring-2 ring-brand-600" : ""} ${block.visible ? "" : "opacity-60"}`}
    >
      <div className="flex items-center gap-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="inline-flex min-h-11 min-w-11 cursor-grab items-center justify-center rounded-lg border border-gray-300 text-gray-700"
          aria-label={t("dashboard.page.move", { name })}
          {...attributes}
          {...listeners}
          aria-pressed={lifted}
          onKeyDown={onHandleKey}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <button
          type="button"
          onClick={onSelect}
          aria-pressed={selected}
          className="min-h-11 flex-1 truncate rounded-lg px-2 text-start font-semibold text-gray-900 hover:bg-gray-50"
        >
          {name}
          {block.visible ? null : (
            <span className="ms-2 text-sm font-normal text-gray-600">
              {t("dashboard.page.hiddenTag")}
            </span>
          )}
        </button>
      </div>
      <p className="line-clamp-2 text-sm text-gray-700">
        <bdi>{summary(block)}</bdi>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="compact" onClick={onToggle}>
          {block.visible ? t("dashboard.page.hide") : t("dashboard.page.show")}
          <span className="sr-only"> {name}</span>
        </Button>
        <Button variant="secondary" size="compact" onClick={onDelete}>
          {t("dashboard.page.delete")}
          <span className="sr-only"> {name}</span>
        </Button>
        <button
          type="button"
          onKeyDown={handleResizeKey}
          onPointerDown={handleResizePointer}
          aria-label={t("dashboard.page.resize", { name, w: block.layout.w, h: block.layout.h })}
          className="ms-auto inline-flex min-h-11 min-w-11 cursor-nwse-resize touch-none items-center justify-center rounded-lg border border-gray-300 text-gray-700 rtl:cursor-nesw-resize"
        >
          <span aria-hidden="true">⤡</span>
        </button>
      </div>
    </li>
  );
}

function summary(block: EditorBlock): string {
  switch (block.kind) {
    case "headline":
      return block.text;
    case "note":
      return new DOMParser().parseFromString(block.html, "text/html").body.textContent ?? "";
    case "media":
      return block.file?.name ?? block.alt;
    case "background":
      return `#${block.color}`;
    case "socials":
      return block.links.map((link) => link.network).join(", ");
    default:
      return "";
  }
}

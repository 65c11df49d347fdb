import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext } from "@dnd-kit/sortable";
import { type KeyboardEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { blockErrors } from "./editorBlocks";
import type { PageEditorAction, PageEditorState } from "./pageEditorState";
import { SortableBlock } from "./SortableBlock";
import { useBlockNames } from "./useBlockNames";

interface BlockGridProps {
  state: PageEditorState;
  dispatch: (action: PageEditorAction) => PageEditorState;
  /** A block was chosen for the side panel. */
  onChoose: (id: string) => void;
}

/**
 * The page's blocks in their grid: dragged with a pointer, or moved with the keyboard (Space
 * picks a block up, arrows move it one place, Space puts it down, Escape puts it back), each
 * move spoken in a live region.
 */
export function BlockGrid({ state, dispatch, onChoose }: BlockGridProps) {
  const { t } = useTranslation();
  const { blocks, lifted, errors, selectedId } = state;
  const { nameOf, positionOf } = useBlockNames(blocks);
  const [spoken, setSpoken] = useState("");

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("dashboard.page.dnd.picked", { name: nameOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("dashboard.page.dnd.over", {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: blocks.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t("dashboard.page.dnd.dropped", {
        name: nameOf(active.id),
        position: over ? positionOf(over.id) : positionOf(active.id),
        total: blocks.length,
      }),
    onDragCancel: ({ active }) => t("dashboard.page.dnd.cancelled", { name: nameOf(active.id) }),
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  // React may move the lifted block's node to reorder the list, which drops its focus.
  useEffect(() => {
    if (!lifted) return;
    const handle = document.querySelector<HTMLElement>(
      `li[data-block-id="${lifted.id}"] button[aria-roledescription]`,
    );
    if (handle && document.activeElement !== handle) handle.focus();
  });

  // Keyboard moves go through the list order, not dnd-kit's geometry: with blocks of mixed
  // widths "the block above" is ambiguous, "one place earlier" is not.
  const handleHandleKey = (id: string, event: KeyboardEvent) => {
    const say = (key: "picked" | "over" | "dropped", position: number) =>
      setSpoken(
        t(`dashboard.page.dnd.${key}`, { name: nameOf(id), position, total: blocks.length }),
      );
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      const wasLifted = lifted !== null;
      dispatch({ type: "lift", id });
      say(wasLifted ? "dropped" : "picked", positionOf(id));
    } else if (lifted?.id === id && event.key === "Escape") {
      event.preventDefault();
      dispatch({ type: "cancelLift" });
      setSpoken(t("dashboard.page.dnd.cancelled", { name: nameOf(id) }));
    } else if (lifted?.id === id && event.key.startsWith("Arrow")) {
      event.preventDefault();
      const rtl = document.documentElement.dir === "rtl";
      const earlier = event.key === "ArrowUp" || event.key === (rtl ? "ArrowRight" : "ArrowLeft");
      const before = positionOf(id);
      const next = dispatch({ type: "step", by: earlier ? -1 : 1 });
      const after = next.blocks.findIndex((block) => block.id === id) + 1;
      if (after !== before) say("over", after);
    }
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    dispatch({ type: "move", from: positionOf(active.id) - 1, to: positionOf(over.id) - 1 });
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={handleDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t("dashboard.page.dnd.instructions") },
        }}
      >
        <SortableContext items={blocks.map((block) => block.id)} strategy={rectSortingStrategy}>
          <ol
            aria-label={t("dashboard.page.blocks")}
            className="grid grid-cols-1 gap-3 @xl:grid-cols-4"
          >
            {blocks.map((block, index) => (
              <SortableBlock
                key={block.id}
                block={block}
                name={nameOf(block.id)}
                selected={block.id === selectedId}
                invalid={Object.keys(blockErrors(errors, index)).length > 0}
                onSelect={() => onChoose(block.id)}
                onToggle={() => dispatch({ type: "toggle", id: block.id })}
                onDelete={() => dispatch({ type: "delete", id: block.id })}
                lifted={lifted?.id === block.id}
                onHandleKey={(event) => handleHandleKey(block.id, event)}
                onResize={(size) => {
                  dispatch({ type: "resize", id: block.id, size });
                  setSpoken(t("dashboard.page.resized", { name: nameOf(block.id), ...size }));
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p aria-live="assertive" className="sr-only">
        {spoken}
      </p>
    </>
  );
}

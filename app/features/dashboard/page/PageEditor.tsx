import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { PageEditResponse } from "../../../../core/api/pages";
import {
  BLOCK_KINDS,
  BLOCK_MAX_ROWS,
  type BlockKind,
  PAGE_GRID_COLUMNS,
  SOCIAL_NETWORKS,
} from "../../../../core/pages/blockKinds";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { UserText } from "../../../components/UserText";
import { useBlockEndReserve } from "../../../lib/useBlockEndReserve";
import { setLeaveGuard } from "../../../router";
import { HostAvatars } from "../../booking/HostAvatars";
import { PageBlocks } from "../../profile/PageBlocks";
import { SocialLinks, socialLinksOf } from "../../profile/SocialLinks";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import { BlockPanel } from "./BlockPanel";
import {
  blockErrors,
  type EditorBlock,
  editorOrder,
  moveBlock,
  newBlock,
  pageFormData,
  patchBlock,
  placeBlocks,
  previewBlocks,
} from "./editorBlocks";
import { PageIdentity } from "./PageIdentity";

interface PageEditorProps {
  data: PageEditResponse;
}

/** The social links as the page stores them: every network, trimmed, empty for none. */
const socialsToSave = (socials: Readonly<Record<string, string>>) =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socials[network]?.trim() ?? ""]));

let counter = 0;
const newId = () => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * The page builder: a toolbar adds blocks to a grid where they are dragged (or moved with the
 * keyboard: Space, arrows, Space), chosen and edited in the side panel, hidden or deleted
 * (with undo); a live preview at phone or desktop width. One Save stores everything on the
 * screen: the blocks, the welcome message and the social links.
 */
export function PageEditor({ data }: PageEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, options } = data;
  const [blocks, setBlocks] = useState<EditorBlock[]>(() => editorOrder(page.blocks ?? []));
  // The newest blocks, ahead of the render they cause: edits build on them (a media block's file
  // arrives late, and must not undo what was typed meanwhile), and a save sends them.
  const latest = useRef(blocks);
  const replaceBlocks = (next: EditorBlock[]) => {
    latest.current = next;
    setBlocks(next);
  };
  // Files still being read (an image's copies being made): a save waits for them.
  const reading = useRef(new Set<Promise<unknown>>());
  const track = (work: Promise<unknown>) => {
    reading.current.add(work);
    const done = () => reading.current.delete(work);
    work.then(done, done);
  };
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const choose = (id: string) => {
    setSelectedId(id);
    // The panel may be far below on a phone: focus goes to what changed.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };
  const [dirty, setDirty] = useState(false);
  const [welcome, setWelcome] = useState(page.welcomeMessage ?? "");
  const [socials, setSocials] = useState<Record<string, string>>(() => ({ ...page.socials }));
  // What the server holds: a save sends the welcome message and links only when they differ.
  const stored = useRef({
    welcome: page.welcomeMessage ?? null,
    socials: JSON.stringify(socialsToSave(page.socials)),
  });
  const [removed, setRemoved] = useState<{ block: EditorBlock; index: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const [width, setWidth] = useState<"phone" | "desktop">("desktop");
  const undoButton = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // The save bar sticks to the viewport's bottom: focus must never land under it (WCAG 2.4.11).
  const saveBar = useRef<HTMLDivElement>(null);
  useBlockEndReserve(saveBar);

  // Unsaved changes: the browser asks before the tab closes or reloads.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // …and before the app itself goes to another screen.
  useEffect(() => {
    if (!dirty) return;
    setLeaveGuard(() => window.confirm(t("dashboard.page.leaveUnsaved")));
    return () => setLeaveGuard(null);
  }, [dirty, t]);

  useEffect(() => {
    if (removed) undoButton.current?.focus();
  }, [removed]);

  const touched = () => {
    setDirty(true);
    setSaved(false);
  };
  const change = (update: (current: EditorBlock[]) => EditorBlock[]) => {
    replaceBlocks(placeBlocks(update(latest.current)));
    touched();
  };

  const kindName = (kind: BlockKind) => t(`dashboard.page.kinds.${kind}`);
  const nameOf = (id: string | number) => {
    const index = blocks.findIndex((block) => block.id === id);
    const block = blocks[index];
    return block
      ? t("dashboard.page.blockName", { kind: kindName(block.kind), position: index + 1 })
      : "";
  };
  const positionOf = (id: string | number) => blocks.findIndex((block) => block.id === id) + 1;

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

  // Keyboard moves go through the list order, not dnd-kit's geometry: with blocks of mixed
  // widths "the block above" is ambiguous, "one place earlier" is not.
  const [lifted, setLifted] = useState<{ id: string; order: EditorBlock[] } | null>(null);
  const [spoken, setSpoken] = useState("");
  // React may move the lifted block's node to reorder the list, which drops its focus.
  useEffect(() => {
    if (!lifted) return;
    const handle = document.querySelector<HTMLElement>(
      `li[data-block-id="${lifted.id}"] button[aria-roledescription]`,
    );
    if (handle && document.activeElement !== handle) handle.focus();
  });
  const handleHandleKey = (id: string, event: KeyboardEvent) => {
    const index = blocks.findIndex((block) => block.id === id);
    const say = (key: "picked" | "over" | "dropped", position: number) =>
      setSpoken(
        t(`dashboard.page.dnd.${key}`, { name: nameOf(id), position, total: blocks.length }),
      );
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (lifted) {
        setLifted(null);
        say("dropped", index + 1);
      } else {
        setLifted({ id, order: blocks });
        say("picked", index + 1);
      }
    } else if (lifted?.id === id && event.key === "Escape") {
      event.preventDefault();
      replaceBlocks(lifted.order);
      setLifted(null);
      setSpoken(t("dashboard.page.dnd.cancelled", { name: nameOf(id) }));
    } else if (lifted?.id === id && event.key.startsWith("Arrow")) {
      event.preventDefault();
      const rtl = document.documentElement.dir === "rtl";
      const earlier = event.key === "ArrowUp" || event.key === (rtl ? "ArrowRight" : "ArrowLeft");
      const to = Math.min(blocks.length - 1, Math.max(0, index + (earlier ? -1 : 1)));
      if (to === index) return;
      change((current) => moveBlock(current, index, to));
      say("over", to + 1);
    }
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((block) => block.id === active.id);
    const to = blocks.findIndex((block) => block.id === over.id);
    change((current) => moveBlock(current, from, to));
  };

  const handleAdd = (kind: BlockKind) => {
    const block = newBlock(kind, newId(), options);
    if (!block) return;
    change((current) => [...current, block]);
    choose(block.id);
  };

  const handleDelete = (id: string) => {
    const index = blocks.findIndex((block) => block.id === id);
    const block = blocks[index];
    if (!block) return;
    change((current) => current.filter((b) => b.id !== id));
    setRemoved({ block, index });
    setSelectedId(null);
  };

  const handleUndo = () => {
    if (!removed) return;
    const { block, index } = removed;
    change((current) => [...current.slice(0, index), block, ...current.slice(index)]);
    setSelectedId(removed.block.id);
    setRemoved(null);
  };

  const save = useMutation({
    mutationFn: async () => {
      await Promise.allSettled(reading.current);
      const welcomeNow = welcome.trim() || null;
      if (welcomeNow !== stored.current.welcome) {
        await dashboardApi.setPageWelcome(page.slug, welcomeNow);
        stored.current.welcome = welcomeNow;
      }
      const socialsNow = socialsToSave(socials);
      if (JSON.stringify(socialsNow) !== stored.current.socials) {
        await dashboardApi.setPageSocials(page.slug, socialsNow);
        stored.current.socials = JSON.stringify(socialsNow);
      }
      return dashboardApi.savePage(page.slug, pageFormData(latest.current));
    },
    onSuccess: ({ blocks: stored }) => {
      // A new file's preview stays until the refreshed options know its upload.
      const previews = new Map(latest.current.map((block) => [block.id, block.fileUrl]));
      replaceBlocks(
        editorOrder(stored).map((block) => {
          const fileUrl = previews.get(block.id);
          return fileUrl ? { ...block, fileUrl } : block;
        }),
      );
      setDirty(false);
      setErrors({});
      setSaved(true);
      queryClient.invalidateQueries({ queryKey: dashboardKeys.page(page.slug) });
      statusRef.current?.focus();
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure));
      statusRef.current?.focus();
    },
  });

  const selectedIndex = blocks.findIndex((block) => block.id === selectedId);
  const selected = blocks[selectedIndex];
  const preview = useMemo(() => previewBlocks(blocks, options), [blocks, options]);
  // The saved links: one typed but not yet checked by the server is not made a link.
  const savedSocials = socialLinksOf(page.socials);
  const previewWelcome = welcome.trim();
  const background =
    (!page.colorsLocked && preview.find((block) => block.kind === "background")?.color) ||
    page.backgroundColor ||
    "F2F4F7";
  const failing = blocks.flatMap((block, index) =>
    Object.keys(blockErrors(errors, index)).length > 0 ? [{ block, index }] : [],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageIdentity
        page={page}
        welcome={welcome}
        onWelcome={(value) => {
          setWelcome(value);
          touched();
        }}
        socials={socials}
        onSocials={(value) => {
          setSocials(value);
          touched();
        }}
        errors={errors}
      />

      <section aria-labelledby="page-blocks-heading" className="flex flex-col gap-4">
        <h2 id="page-blocks-heading" className="text-xl font-bold text-gray-900">
          {t("dashboard.page.blocks")}
        </h2>
        <fieldset className="flex flex-wrap gap-2 rounded-2xl bg-white p-3 shadow-sm">
          <legend className="sr-only">{t("dashboard.page.addBlock")}</legend>
          {BLOCK_KINDS.map((kind) => {
            const possible = newBlock(kind, "probe", options) !== null;
            return (
              <Button
                key={kind}
                variant="secondary"
                size="compact"
                // Wrapped at large text rather than wider than a phone.
                className="max-w-full whitespace-normal!"
                disabled={!possible}
                title={possible ? undefined : t(`dashboard.page.nothingToChoose`)}
                onClick={() => handleAdd(kind)}
              >
                {t("dashboard.page.add", { kind: kindName(kind) })}
              </Button>
            );
          })}
        </fieldset>

        <div
          ref={statusRef}
          tabIndex={-1}
          aria-live="polite"
          className="flex flex-col gap-2 focus:outline-none"
        >
          {removed ? (
            <div className="flex flex-wrap items-center gap-3 rounded-xl bg-gray-900 p-3 text-white">
              <span>{t("dashboard.page.deleted", { name: kindName(removed.block.kind) })}</span>
              <button
                ref={undoButton}
                type="button"
                onClick={handleUndo}
                className="min-h-11 rounded-lg px-3 font-semibold underline"
              >
                {t("dashboard.page.undo")}
              </button>
            </div>
          ) : null}
          {saved ? (
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
              {t("dashboard.page.saved")}
            </p>
          ) : null}
          <Alert
            message={
              !save.isError
                ? undefined
                : failing.length > 0
                  ? t("dashboard.page.fixBlocks", {
                      names: failing.map(({ block }) => nameOf(block.id)).join(", "),
                    })
                  : errorMessage(save.error, t)
            }
          />
        </div>

        {/* The panel sits beside the blocks while both get their room (measured in rem, so in
            text), else below them: at 200 % text the blocks keep the whole width. */}
        <div className="flex flex-wrap items-start gap-6">
          <div className="@container flex min-w-0 grow-[999] basis-[32rem] flex-col gap-3">
            <p id="page-grid-help" className="text-sm text-gray-700">
              {t("dashboard.page.gridHelp")}
            </p>
            {/* A page with blocks shows only its blocks: the event types listed without any
                blocks go unless each gets an Event type block. */}
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900">
              {t(blocks.length === 0 ? "dashboard.page.listedNow" : "dashboard.page.onlyBlocks")}
            </p>
            {blocks.length === 0 ? (
              <p className="rounded-2xl bg-white p-4 text-gray-700 shadow-sm">
                {t("dashboard.page.empty")}
              </p>
            ) : null}
            <DndContext
              sensors={sensors}
              collisionDetection={closestCorners}
              onDragEnd={handleDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: { draggable: t("dashboard.page.dnd.instructions") },
              }}
            >
              <SortableContext
                items={blocks.map((block) => block.id)}
                strategy={rectSortingStrategy}
              >
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
                      onSelect={() => choose(block.id)}
                      onToggle={() =>
                        change((current) =>
                          current.map((b) =>
                            b.id === block.id ? { ...b, visible: !b.visible } : b,
                          ),
                        )
                      }
                      onDelete={() => handleDelete(block.id)}
                      lifted={lifted?.id === block.id}
                      onHandleKey={(event) => handleHandleKey(block.id, event)}
                      onResize={(size) => {
                        change((current) =>
                          current.map((b) =>
                            b.id === block.id ? { ...b, layout: { ...b.layout, ...size } } : b,
                          ),
                        );
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
          </div>
          <aside
            aria-labelledby="page-panel-heading"
            className="flex min-w-0 grow basis-[22rem] flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm"
          >
            <h3
              ref={panelHeading}
              id="page-panel-heading"
              tabIndex={-1}
              className="text-lg font-bold text-gray-900 focus:outline-none"
            >
              {selected ? nameOf(selected.id) : t("dashboard.page.panelEmpty")}
            </h3>
            {selected ? (
              <BlockPanel
                key={selected.id}
                block={selected}
                options={options}
                colorsLocked={page.colorsLocked}
                errors={blockErrors(errors, selectedIndex)}
                onReading={track}
                onChange={(patch) => change((current) => patchBlock(current, selected.id, patch))}
                onDelete={() => handleDelete(selected.id)}
              />
            ) : null}
          </aside>
        </div>
      </section>

      <section aria-labelledby="page-preview-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="page-preview-heading" className="text-xl font-bold text-gray-900">
            {t("dashboard.page.preview")}
          </h2>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("dashboard.page.previewWidth")}</legend>
            {(["phone", "desktop"] as const).map((value) => (
              <Button
                key={value}
                variant={width === value ? "primary" : "secondary"}
                size="compact"
                aria-pressed={width === value}
                onClick={() => setWidth(value)}
              >
                {t(`dashboard.page.${value}`)}
              </Button>
            ))}
          </fieldset>
        </div>
        <div
          className="overflow-x-auto rounded-2xl p-4"
          style={{ backgroundColor: `#${background}` }}
          data-testid="page-preview"
        >
          <div
            className="mx-auto flex flex-col gap-6 rounded-2xl bg-white p-5"
            style={{ maxWidth: width === "phone" ? 375 : 1024 }}
          >
            <header className="flex flex-col items-center gap-2 text-center">
              <HostAvatars
                size="lg"
                hosts={[{ name: page.name, username: page.slug, avatarUrl: page.avatarUrl }]}
              />
              <p className="text-xl font-bold text-gray-900">{page.name}</p>
              {previewWelcome ? (
                <UserText
                  as="p"
                  className="max-w-prose whitespace-pre-line break-words text-gray-700"
                >
                  {previewWelcome}
                </UserText>
              ) : null}
              {savedSocials.length > 0 ? <SocialLinks links={savedSocials} /> : null}
            </header>
            <PageBlocks blocks={preview} narrow={width === "phone"} />
          </div>
        </div>
      </section>

      <div
        ref={saveBar}
        className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 rounded-xl border border-gray-200 bg-white/95 p-3"
      >
        {dirty ? (
          <span className="text-sm text-gray-700">{t("dashboard.page.unsaved")}</span>
        ) : null}
        <a
          href={`/${encodeURIComponent(page.slug)}`}
          target="_blank"
          rel="noreferrer"
          className="min-h-11 px-2 py-2 font-semibold text-brand-700 underline"
        >
          {t("dashboard.page.viewPage")}
        </a>
        <Button onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? t("dashboard.page.saving") : t("dashboard.page.save")}
        </Button>
      </div>
    </div>
  );
}

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

function SortableBlock({
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

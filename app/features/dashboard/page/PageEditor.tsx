import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PageEditResponse } from "../../../../core/api/pages";
import { BLOCK_KINDS, type BlockKind } from "../../../../core/pages/blockKinds";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { useBlockEndReserve } from "../../../lib/useBlockEndReserve";
import { BlockGrid } from "./BlockGrid";
import { BlockPanel } from "./BlockPanel";
import { blockErrors, newBlock } from "./editorBlocks";
import { PageIdentity } from "./PageIdentity";
import { PagePreview } from "./PagePreview";
import { useBlockNames } from "./useBlockNames";
import { usePageEditor } from "./usePageEditor";

interface PageEditorProps {
  data: PageEditResponse;
}

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
  const { page, options } = data;
  const statusRef = useRef<HTMLDivElement>(null);
  const { state, dispatch, track, save } = usePageEditor(data, {
    onSaveSettled: () => statusRef.current?.focus(),
  });
  const { blocks, selectedId, removed, errors } = state;
  const { kindName, nameOf } = useBlockNames(blocks);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  // The save bar sticks to the viewport's bottom: focus must never land under it (WCAG 2.4.11).
  const saveBar = useRef<HTMLDivElement>(null);
  useBlockEndReserve(saveBar);

  const choose = (id: string) => {
    dispatch({ type: "select", id });
    // The panel may be far below on a phone: focus goes to what changed.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };

  useEffect(() => {
    if (removed) undoButton.current?.focus();
  }, [removed]);

  const handleAdd = (kind: BlockKind) => {
    const block = newBlock(kind, newId(), options);
    if (!block) return;
    dispatch({ type: "add", block });
    choose(block.id);
  };

  const selectedIndex = blocks.findIndex((block) => block.id === selectedId);
  const selected = blocks[selectedIndex];
  const failing = blocks.flatMap((block, index) =>
    Object.keys(blockErrors(errors, index)).length > 0 ? [{ block, index }] : [],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageIdentity
        page={page}
        welcome={state.welcome}
        onWelcome={(value) => dispatch({ type: "welcome", value })}
        socials={state.socials}
        onSocials={(value) => dispatch({ type: "socials", value })}
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
                onClick={() => dispatch({ type: "undo" })}
                className="min-h-11 rounded-lg px-3 font-semibold underline"
              >
                {t("dashboard.page.undo")}
              </button>
            </div>
          ) : null}
          {state.saved ? (
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
            <BlockGrid state={state} dispatch={dispatch} onChoose={choose} />
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
                onChange={(patch) => dispatch({ type: "patch", id: selected.id, patch })}
                onDelete={() => dispatch({ type: "delete", id: selected.id })}
              />
            ) : null}
          </aside>
        </div>
      </section>

      <PagePreview data={data} blocks={blocks} welcome={state.welcome} />

      <div
        ref={saveBar}
        className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 rounded-xl border border-gray-200 bg-white/95 p-3"
      >
        {state.dirty ? (
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

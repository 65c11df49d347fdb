import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BLOCK_MAX_ROWS,
  HEADLINE_MAX,
  MEDIA_ALT_MAX,
  PAGE_GRID_COLUMNS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "../../../../core/pages/blockKinds";
import { detectMediaType, isImageType } from "../../../../core/uploads/detectMediaType";
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  VIDEO_ACCEPT,
  VIDEO_MAX_BYTES,
} from "../../../../core/uploads/uploadLimits";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { ColorField } from "../../../components/ColorField";
import { FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { imageHeaderRefusal } from "../settings/imageHeaderRefusal";
import type { BlockPatch, EditOptions, EditorBlock } from "./editorBlocks";
import { imageCopies } from "./imageCopies";

// The rich-text editor (TipTap, ProseMirror) is the editor's largest part: fetched only when a
// note is chosen.
const NoteEditor = lazy(() => import("./NoteEditor").then((m) => ({ default: m.NoteEditor })));

interface BlockPanelProps {
  block: EditorBlock;
  options: EditOptions;
  colorsLocked: boolean;
  /** The server's messages for this block, by field. */
  errors: Record<string, string[]>;
  /**
   * The fields this edit changes, merged into the block as it is by then: the file of a media
   * block is read in the background, and what was typed meanwhile must survive it.
   */
  onChange: (patch: BlockPatch) => void;
  /** A file being read (an image's copies being made), for a save to wait for. */
  onReading: (work: Promise<void>) => void;
  onDelete: () => void;
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** The side panel: the chosen block's fields, its size in the grid, shown or hidden, delete. */
export function BlockPanel({
  block,
  options,
  colorsLocked,
  errors,
  onChange,
  onReading,
  onDelete,
}: BlockPanelProps) {
  const { t } = useTranslation();
  const [fileError, setFileError] = useState<string>();
  const [preparing, setPreparing] = useState(false);

  async function handleFile(file: File | undefined) {
    setFileError(undefined);
    if (!file || block.kind !== "media") return;
    const video = /^video\//.test(file.type) || /\.(mp4|webm)$/i.test(file.name);
    if (file.size > (video ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES)) {
      return setFileError(
        t(video ? "dashboard.page.videoTooLarge" : "dashboard.settings.imageTooLarge"),
      );
    }
    let head: Uint8Array;
    try {
      head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    } catch {
      // Strict tracking protection can refuse reading files (spec §8).
      return setFileError(t("dashboard.page.fingerprinting"));
    }
    const type = detectMediaType(head);
    if (!type || isImageType(type) === video) {
      return setFileError(
        t(video ? "dashboard.page.invalidVideoFileType" : "dashboard.settings.invalidFileType"),
      );
    }
    if (isImageType(type)) {
      const refused = await imageHeaderRefusal(file).catch(() => null);
      if (refused) {
        return setFileError(t(`dashboard.settings.${refused.key}`, { max: refused.max }));
      }
    }
    let copies: EditorBlock["copies"] = [];
    if (isImageType(type)) {
      setPreparing(true);
      copies = await imageCopies(file, type);
      setPreparing(false);
    }
    if (block.fileUrl) URL.revokeObjectURL(block.fileUrl);
    onChange({
      mediaKind: video ? "video" : "image",
      uploadId: "",
      file,
      fileUrl: URL.createObjectURL(file),
      copies,
    });
  }

  const sizeOptions = (count: number) =>
    range(count).map((value) => ({ value: String(value), label: String(value) }));

  return (
    <div className="flex flex-col gap-4">
      {block.kind === "headline" ? (
        <TextField
          label={t("dashboard.page.fields.headline")}
          value={block.text}
          maxLength={HEADLINE_MAX}
          errors={errors.text}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      ) : null}
      {block.kind === "note" ? (
        <Suspense
          fallback={<p className="min-h-32 text-sm text-gray-700">{t("common.loading")}</p>}
        >
          <NoteEditor
            label={t("dashboard.page.fields.note")}
            html={block.html}
            errors={errors.html}
            onChange={(html) => onChange({ html })}
          />
        </Suspense>
      ) : null}
      {block.kind === "media" ? (
        <>
          <label className="flex flex-col gap-1 text-sm font-semibold text-gray-800">
            {t("dashboard.page.fields.file")}
            <input
              type="file"
              accept={`${IMAGE_ACCEPT},${VIDEO_ACCEPT}`}
              onChange={(event) => onReading(handleFile(event.target.files?.[0]))}
              className="text-sm font-normal file:me-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-4 file:font-semibold"
            />
          </label>
          <p role="status" className="text-sm text-gray-700">
            {preparing ? t("dashboard.page.preparingImage") : ""}
          </p>
          <FieldMessages
            id={`${block.id}-file`}
            hint={t("dashboard.page.fileHint")}
            errors={[
              ...(fileError ? [fileError] : []),
              ...(errors.file ?? []),
              ...(errors.uploadId ?? []),
            ]}
          />
          <TextField
            label={t("dashboard.page.fields.alt")}
            value={block.alt}
            maxLength={MEDIA_ALT_MAX}
            errors={errors.alt}
            onChange={(event) => onChange({ alt: event.target.value })}
          />
        </>
      ) : null}
      {block.kind === "background" ? (
        colorsLocked ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t("dashboard.page.colorsLocked")}
          </p>
        ) : (
          <ColorField
            label={t("dashboard.page.fields.color")}
            value={block.color}
            fallback="F2F4F7"
            errors={errors.color}
            onChange={(color) => onChange({ color: color ?? "F2F4F7" })}
          />
        )
      ) : null}
      {block.kind === "event" ? (
        <SelectField
          label={t("dashboard.page.fields.eventType")}
          value={block.eventTypeId}
          errors={errors.eventTypeId}
          options={options.eventTypes.map((type) => ({ value: type.id, label: type.title }))}
          onChange={(event) => onChange({ eventTypeId: event.target.value })}
        />
      ) : null}
      {block.kind === "member" ? (
        <SelectField
          label={t("dashboard.page.fields.member")}
          value={block.userId}
          errors={errors.userId}
          options={options.people.map((person) => ({ value: person.id, label: person.name }))}
          onChange={(event) => onChange({ userId: event.target.value })}
        />
      ) : null}
      {block.kind === "users" ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-gray-800">
            {t("dashboard.page.fields.people")}
          </legend>
          {options.people.map((person) => (
            <CheckboxField
              key={person.id}
              label={person.name}
              checked={block.userIds.includes(person.id)}
              onChange={(checked) =>
                onChange({
                  userIds: checked
                    ? [...block.userIds, person.id]
                    : block.userIds.filter((id) => id !== person.id),
                })
              }
            />
          ))}
          <FieldMessages id={`${block.id}-users`} errors={errors.userIds} />
        </fieldset>
      ) : null}
      {block.kind === "teams" ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-gray-800">
            {t("dashboard.page.fields.teams")}
          </legend>
          {options.teams.map((team) => (
            <CheckboxField
              key={team.id}
              label={team.name}
              checked={block.teamIds.includes(team.id)}
              onChange={(checked) =>
                onChange({
                  teamIds: checked
                    ? [...block.teamIds, team.id]
                    : block.teamIds.filter((id) => id !== team.id),
                })
              }
            />
          ))}
          <FieldMessages id={`${block.id}-teams`} errors={errors.teamIds} />
        </fieldset>
      ) : null}
      {block.kind === "socials" ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-gray-800">
            {t("dashboard.page.fields.socials")}
          </legend>
          {SOCIAL_NETWORKS.map((network: SocialNetwork) => {
            const index = block.links.findIndex((link) => link.network === network);
            const link = block.links[index];
            return (
              <TextField
                key={network}
                type="url"
                inputMode="url"
                label={t(`profile.networks.${network}`)}
                placeholder="https://"
                value={link?.url ?? ""}
                errors={index >= 0 ? errors[`links.${index}.url`] : undefined}
                onChange={(event) => {
                  const url = event.target.value;
                  const others = block.links.filter((l) => l.network !== network);
                  onChange({
                    links:
                      url === ""
                        ? others
                        : index >= 0
                          ? block.links.map((l) => (l.network === network ? { network, url } : l))
                          : [...block.links, { network, url }],
                  });
                }}
              />
            );
          })}
          <FieldMessages id={`${block.id}-links`} errors={errors.links} />
        </fieldset>
      ) : null}

      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t("dashboard.page.fields.width")}
          value={String(block.layout.w)}
          options={sizeOptions(PAGE_GRID_COLUMNS)}
          onChange={(event) =>
            onChange({ layout: { ...block.layout, w: Number(event.target.value) } })
          }
        />
        <SelectField
          label={t("dashboard.page.fields.height")}
          value={String(block.layout.h)}
          options={sizeOptions(BLOCK_MAX_ROWS)}
          onChange={(event) =>
            onChange({ layout: { ...block.layout, h: Number(event.target.value) } })
          }
        />
      </div>
      <CheckboxField
        label={t("dashboard.page.fields.visible")}
        checked={block.visible}
        onChange={(visible) => onChange({ visible })}
      />
      <div>
        <Button variant="secondary" onClick={onDelete}>
          {t("dashboard.page.deleteBlock")}
        </Button>
      </div>
    </div>
  );
}

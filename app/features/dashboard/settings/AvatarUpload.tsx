import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { detectMediaType, isImageType } from "../../../../core/uploads/detectMediaType";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../../../core/uploads/uploadLimits";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Button } from "../../../components/Button";
import { FieldMessages } from "../../../components/FieldMessages";
import { dashboardApi } from "../api/dashboardApi";
import { imageHeaderRefusal } from "./imageHeaderRefusal";

interface AvatarUploadProps {
  avatarUrl: string | null;
  name: string;
  /** Called with the new upload's id, or null to remove the avatar. */
  onChange: (uploadId: string | null) => Promise<unknown>;
}

/**
 * The avatar: an image checked here by size and content for a quick answer, and again by the
 * server, which alone decides.
 */
export function AvatarUpload({ avatarUrl, name, onChange }: AvatarUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function handleFile(file: File | undefined) {
    setError(undefined);
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) return setError(t("dashboard.settings.imageTooLarge"));
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const type = detectMediaType(head);
    if (!type || !isImageType(type)) return setError(t("dashboard.settings.invalidFileType"));
    const refused = await imageHeaderRefusal(file).catch(() => null);
    if (refused) return setError(t(`dashboard.settings.${refused.key}`, { max: refused.max }));
    setPending(true);
    try {
      const upload = await dashboardApi.uploadImage(file);
      await onChange(upload.id);
    } catch (failure) {
      const messages = fieldErrorsOf(failure).file;
      setError(messages ? messages.join(" ") : errorMessage(failure, t));
    } finally {
      setPending(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      {avatarUrl ? (
        <img
          src={avatarUrl}
          alt={t("dashboard.settings.avatarAlt", { name })}
          className="size-20 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-20 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white"
        >
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-gray-800">
          {t("dashboard.settings.avatar")}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={pending}
          onChange={(event) => handleFile(event.target.files?.[0])}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="text-sm file:me-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-4 file:font-semibold"
        />
        <FieldMessages
          id={id}
          hint={t("dashboard.settings.avatarHint")}
          errors={error ? [error] : []}
        />
        {avatarUrl ? (
          <div>
            <Button variant="secondary" disabled={pending} onClick={() => onChange(null)}>
              {t("dashboard.settings.removeAvatar")}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

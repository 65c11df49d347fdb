import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { WELCOME_MESSAGE_MAX } from "../../../../core/accounts/profileLimits";
import type { PageEditResponse } from "../../../../core/api/pages";
import { SOCIAL_NETWORKS } from "../../../../core/pages/blockKinds";
import { detectMediaType, isImageType } from "../../../../core/uploads/detectMediaType";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../../../core/uploads/uploadLimits";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { FieldMessages } from "../../../components/FieldMessages";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { HostAvatars } from "../../booking/HostAvatars";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import { imageHeaderRefusal } from "../settings/imageHeaderRefusal";

interface PageIdentityProps {
  page: PageEditResponse["page"];
  /** The welcome message as typed, saved with the rest of the page. */
  welcome: string;
  onWelcome: (welcome: string) => void;
  /** The social links as typed, by network, saved with the rest of the page. */
  socials: Record<string, string>;
  onSocials: (socials: Record<string, string>) => void;
  /** The last save's field errors (welcomeMessage, form.<network>). */
  errors: Record<string, string[]>;
}

/**
 * The page's avatar, welcome message and social links (shown under the name). The avatar is
 * stored when chosen; the welcome message and links are the editor's, saved by its one Save.
 */
export function PageIdentity({
  page,
  welcome,
  onWelcome,
  socials,
  onSocials,
  errors,
}: PageIdentityProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [avatarError, setAvatarError] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.page(page.slug) });
  const saveAvatar = useMutation({
    mutationFn: (file: File) => dashboardApi.setPageAvatar(page.slug, file),
    onSuccess: refresh,
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setAvatarError((fields.avatar ?? fields.file)?.join(" ") ?? errorMessage(failure, t));
    },
  });

  async function handleAvatar(file: File | undefined) {
    setAvatarError(undefined);
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) return setAvatarError(t("dashboard.settings.imageTooLarge"));
    let head: Uint8Array;
    try {
      head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    } catch {
      return setAvatarError(t("dashboard.page.fingerprinting"));
    }
    const type = detectMediaType(head);
    if (!type || !isImageType(type)) return setAvatarError(t("dashboard.settings.invalidFileType"));
    const refused = await imageHeaderRefusal(file).catch(() => null);
    if (refused) {
      return setAvatarError(t(`dashboard.settings.${refused.key}`, { max: refused.max }));
    }
    saveAvatar.mutate(file);
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-gray-900">
        {t("dashboard.page.identity")}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <HostAvatars
          size="lg"
          hosts={[{ name: page.name, username: page.slug, avatarUrl: page.avatarUrl }]}
        />
        <div className="flex min-w-0 max-w-full flex-col gap-1">
          <label htmlFor={`${id}-avatar`} className="text-sm font-semibold text-gray-800">
            {t("dashboard.page.avatar")}
          </label>
          <input
            id={`${id}-avatar`}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={saveAvatar.isPending}
            onChange={(event) => handleAvatar(event.target.files?.[0])}
            aria-invalid={avatarError ? true : undefined}
            aria-describedby={`${id}-avatar-hint${avatarError ? ` ${id}-avatar-error` : ""}`}
            className="max-w-full text-sm file:me-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-4 file:font-semibold"
          />
          <FieldMessages
            id={`${id}-avatar`}
            hint={t("dashboard.settings.avatarHint")}
            errors={avatarError ? [avatarError] : []}
          />
        </div>
      </div>
      <TextAreaField
        label={t("dashboard.page.welcome")}
        value={welcome}
        maxLength={WELCOME_MESSAGE_MAX}
        rows={3}
        hint={t("dashboard.page.welcomeCount", {
          used: welcome.length,
          max: WELCOME_MESSAGE_MAX,
        })}
        errors={errors.welcomeMessage}
        onChange={(event) => onWelcome(event.target.value)}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-gray-800">
          {t("dashboard.page.pageSocials")}
        </legend>
        <p className="text-sm text-gray-700">{t("dashboard.page.pageSocialsHint")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              type="url"
              inputMode="url"
              label={t(`profile.networks.${network}`)}
              placeholder="https://"
              value={socials[network] ?? ""}
              errors={errors[`form.${network}`]}
              onChange={(event) => onSocials({ ...socials, [network]: event.target.value })}
            />
          ))}
        </div>
      </fieldset>
    </section>
  );
}

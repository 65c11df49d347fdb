import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../../core/accounts/accountSchemas";
import { WELCOME_MESSAGE_MAX } from "../../../../core/accounts/profileLimits";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { meQuery } from "../../../api/queries";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { ColorField } from "../../../components/ColorField";
import { SelectField } from "../../../components/SelectField";
import { StickySaveBar } from "../../../components/StickySaveBar";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { isolateText } from "../../../components/UserText";
import { availableLanguages } from "../../../i18n/i18n";
import { languageNames } from "../../../i18n/languageNames";
import { publicUrl } from "../../../lib/publicUrl";
import { notify } from "../../../state/appState";
import { TimeZoneField } from "../../booking/TimeZoneField";
import { dashboardApi, type MeUpdate } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import type { MeSettings, ProfileSettings } from "../api/types";
import { AvatarUpload } from "./AvatarUpload";

/** Name, username, avatar, welcome message, zone, clock, language, analytics, legal links, branding. */
export function ProfileSettingsForm({ settings }: { settings: MeSettings }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [user, setUser] = useState(settings.user);
  const [profile, setProfile] = useState<ProfileSettings>(settings.profile);
  const locked = settings.colorsLockedBy !== null;
  const setP = (patch: Partial<ProfileSettings>) => setProfile((p) => ({ ...p, ...patch }));
  const refresh = async (saved: MeSettings) => {
    queryClient.setQueryData(dashboardKeys.settings(), saved);
    await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  };

  const save = useMutation({
    mutationFn: () => {
      const { backgroundColor, textColor, primaryColor, ...rest } = profile;
      const update: MeUpdate = {
        name: user.name,
        username: user.username,
        timeZone: user.timeZone,
        timeFormat: user.timeFormat,
        language: user.language,
        profile: {
          ...rest,
          welcomeMessage: rest.welcomeMessage?.trim() ? rest.welcomeMessage : null,
          googleAnalytics: rest.googleAnalytics?.trim() || null,
          facebookPixelId: rest.facebookPixelId?.trim() || null,
          privacyPolicyUrl: rest.privacyPolicyUrl?.trim() || null,
          imprintUrl: rest.imprintUrl?.trim() || null,
          ...(locked ? {} : { backgroundColor, textColor, primaryColor }),
        },
      };
      return dashboardApi.updateMe(update);
    },
    onSuccess: async (saved) => {
      await refresh(saved);
      if (
        saved.user.language !== i18n.language &&
        availableLanguages.includes(saved.user.language)
      ) {
        await i18n.changeLanguage(saved.user.language);
      }
      notify(t("dashboard.settings.saved"));
    },
  });
  const avatar = useMutation({
    mutationFn: (avatarUploadId: string | null) => dashboardApi.updateMe({ avatarUploadId }),
    onSuccess: async (saved) => {
      setUser((u) => ({ ...u, avatarUrl: saved.user.avatarUrl }));
      await refresh(saved);
      notify(t("dashboard.settings.avatarSaved"));
    },
  });
  const errors = fieldErrorsOf(save.error);
  const pageUrl = `${publicUrl()}/${user.username}`;

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Alert
        message={
          save.error
            ? Object.keys(errors).length > 0
              ? t("errors.checkFields")
              : errorMessage(save.error, t)
            : undefined
        }
      />
      <Card title={t("dashboard.settings.profile")}>
        <AvatarUpload
          avatarUrl={user.avatarUrl}
          name={user.name}
          onChange={(id) => avatar.mutateAsync(id)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("dashboard.settings.name")}
            value={user.name}
            autoComplete="name"
            onChange={(event) => setUser((u) => ({ ...u, name: event.target.value }))}
            errors={errors.name}
          />
          <TextField
            label={t("dashboard.settings.username")}
            value={user.username}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) =>
              setUser((u) => ({ ...u, username: event.target.value.toLowerCase() }))
            }
            errors={errors.username}
            hint={
              <>
                {t("dashboard.settings.usernameLink")} <bdi className="break-all">{pageUrl}</bdi>
              </>
            }
          />
        </div>
        <TextAreaField
          label={t("dashboard.settings.welcomeMessage")}
          hint={t("dashboard.settings.welcomeMessageHint", {
            count: (profile.welcomeMessage ?? "").length,
            max: WELCOME_MESSAGE_MAX,
          })}
          maxLength={WELCOME_MESSAGE_MAX}
          value={profile.welcomeMessage ?? ""}
          onChange={(event) => setP({ welcomeMessage: event.target.value })}
          errors={errors["profile.welcomeMessage"]}
        />
      </Card>

      <Card title={t("dashboard.settings.regional")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TimeZoneField
            label={t("dashboard.settings.timeZone")}
            value={user.timeZone}
            onChange={(timeZone) => setUser((u) => ({ ...u, timeZone }))}
            errors={errors.timeZone}
          />
          <SelectField
            label={t("dashboard.settings.timeFormat")}
            value={String(user.timeFormat)}
            onChange={(event) => setUser((u) => ({ ...u, timeFormat: Number(event.target.value) }))}
            options={[
              { value: "24", label: t("dashboard.settings.timeFormat24") },
              { value: "12", label: t("dashboard.settings.timeFormat12") },
            ]}
            errors={errors.timeFormat}
          />
          <SelectField
            label={t("dashboard.settings.language")}
            value={user.language}
            onChange={(event) => setUser((u) => ({ ...u, language: event.target.value }))}
            options={LANGUAGES.map((code) => ({ value: code, label: languageNames[code] ?? code }))}
            errors={errors.language}
          />
        </div>
      </Card>

      <Card
        title={t("dashboard.settings.analytics")}
        description={t("dashboard.settings.analyticsHint")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("dashboard.settings.googleAnalytics")}
            hint={t("dashboard.settings.googleAnalyticsHint")}
            placeholder="G-XXXXXXXXXX"
            value={profile.googleAnalytics ?? ""}
            onChange={(event) => setP({ googleAnalytics: event.target.value })}
            errors={errors["profile.googleAnalytics"]}
          />
          <TextField
            label={t("dashboard.settings.facebookPixel")}
            hint={t("dashboard.settings.facebookPixelHint")}
            inputMode="numeric"
            value={profile.facebookPixelId ?? ""}
            onChange={(event) => setP({ facebookPixelId: event.target.value })}
            errors={errors["profile.facebookPixelId"]}
          />
        </div>
      </Card>

      <Card title={t("dashboard.settings.legal")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <TextField
              label={t("dashboard.settings.privacyPolicyUrl")}
              type="url"
              placeholder="https://"
              value={profile.privacyPolicyUrl ?? ""}
              onChange={(event) => setP({ privacyPolicyUrl: event.target.value })}
              errors={errors["profile.privacyPolicyUrl"]}
            />
            <CheckboxField
              asSwitch
              label={t("dashboard.settings.showPrivacyPolicy")}
              checked={profile.showPrivacyPolicy}
              onChange={(showPrivacyPolicy) => setP({ showPrivacyPolicy })}
            />
          </div>
          <div className="flex flex-col gap-2">
            <TextField
              label={t("dashboard.settings.imprintUrl")}
              type="url"
              placeholder="https://"
              value={profile.imprintUrl ?? ""}
              onChange={(event) => setP({ imprintUrl: event.target.value })}
              errors={errors["profile.imprintUrl"]}
            />
            <CheckboxField
              asSwitch
              label={t("dashboard.settings.showImprint")}
              checked={profile.showImprint}
              onChange={(showImprint) => setP({ showImprint })}
            />
          </div>
        </div>
      </Card>

      <Card title={t("dashboard.settings.branding")}>
        {locked ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("dashboard.settings.colorsLocked")}{" "}
            <span className="text-amber-800">
              (
              {t("dashboard.settings.lockedByTeam", {
                team: isolateText(settings.colorsLockedBy?.teamName ?? ""),
              })}
              )
            </span>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <ColorField
            label={t("dashboard.settings.backgroundColor")}
            value={profile.backgroundColor}
            fallback="F2F4F7"
            disabled={locked}
            onChange={(backgroundColor) => setP({ backgroundColor })}
            errors={errors["profile.backgroundColor"]}
          />
          <ColorField
            label={t("dashboard.settings.textColor")}
            value={profile.textColor}
            fallback="101828"
            disabled={locked}
            onChange={(textColor) => setP({ textColor })}
            errors={errors["profile.textColor"]}
          />
          <ColorField
            label={t("dashboard.settings.primaryColor")}
            value={profile.primaryColor}
            fallback="1D4ED8"
            disabled={locked}
            onChange={(primaryColor) => setP({ primaryColor })}
            errors={errors["profile.primaryColor"]}
          />
        </div>
        <CheckboxField
          asSwitch
          label={t("dashboard.settings.hideBranding")}
          hint={t("dashboard.settings.hideBrandingHint", {
            label: t("layout.poweredBy", { product: t("common.appName") }),
          })}
          checked={profile.hideBranding}
          onChange={(hideBranding) => setP({ hideBranding })}
        />
      </Card>

      <StickySaveBar>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("dashboard.common.saving") : t("dashboard.settings.save")}
        </Button>
      </StickySaveBar>
    </form>
  );
}

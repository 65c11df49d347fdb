import { useTranslation } from "react-i18next";
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_SLUG_MAX,
  EVENT_TITLE_MAX,
} from "../../../../core/eventTypes/textLimits";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { isolateText } from "../../../components/UserText";
import type { Team } from "../api/types";
import type { SectionProps } from "./editorTypes";

interface BasicsCardProps extends SectionProps {
  team: Team | null;
  /** Where the event type is booked, or null for a team's link, made on save. */
  link: string | null;
  /** The title changed: it writes the slug too until the host typed one. */
  onTitleChange: (title: string) => void;
  onSlugChange: (slug: string) => void;
}

/** Title, slug (and the link it makes), description, and whether the type is live or listed. */
export function BasicsCard({
  draft,
  update,
  errors,
  team,
  link,
  onTitleChange,
  onSlugChange,
}: BasicsCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={t("dashboard.eventForm.basics")}>
      {team ? (
        <p className="text-sm text-gray-700">
          {t("dashboard.eventForm.ownedByTeam", { team: isolateText(team.name) })}
        </p>
      ) : null}
      <TextField
        label={t("dashboard.eventForm.title")}
        value={draft.title}
        required
        maxLength={EVENT_TITLE_MAX}
        onChange={(event) => onTitleChange(event.target.value)}
        errors={errors.title}
      />
      <TextField
        label={t("dashboard.eventForm.slug")}
        value={draft.slug}
        required
        autoCapitalize="none"
        spellCheck={false}
        maxLength={EVENT_SLUG_MAX}
        onChange={(event) => onSlugChange(event.target.value)}
        errors={errors.slug}
        hint={
          link ? (
            <>
              {t("dashboard.eventForm.link")}{" "}
              <bdi className="font-medium break-all text-gray-800">{link}</bdi>
            </>
          ) : (
            t("dashboard.eventForm.sharedLinkOnSave")
          )
        }
      />
      <TextAreaField
        label={t("dashboard.eventForm.description")}
        value={draft.description}
        maxLength={EVENT_DESCRIPTION_MAX}
        onChange={(event) => update({ description: event.target.value })}
        errors={errors.description}
      />
      <CheckboxField
        asSwitch
        label={t("dashboard.eventForm.active")}
        hint={t("dashboard.eventForm.activeHint")}
        checked={draft.active}
        onChange={(active) => update({ active })}
      />
      <CheckboxField
        label={t("dashboard.eventForm.hidden")}
        hint={t("dashboard.eventForm.hiddenHint")}
        checked={draft.hidden}
        onChange={(hidden) => update({ hidden })}
      />
    </Card>
  );
}

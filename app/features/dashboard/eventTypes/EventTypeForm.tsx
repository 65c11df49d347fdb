import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { StickySaveBar } from "../../../components/StickySaveBar";
import { publicUrl } from "../../../lib/publicUrl";
import type { EventTypeFields, Schedule, Team } from "../api/types";
import { BasicsCard } from "./BasicsCard";
import { ConfirmationCard } from "./ConfirmationCard";
import { DurationsEditor } from "./DurationsEditor";
import { TEAM_KINDS } from "./eventTypeDraft";
import { HostGroupsEditor, HostsEditor } from "./HostsEditor";
import { InviteeChangesCard } from "./InviteeChangesCard";
import { LocationsEditor } from "./LocationsEditor";
import { PaymentEditor } from "./PaymentEditor";
import { QuestionsEditor } from "./QuestionsEditor";
import { RecurrenceEditor } from "./RecurrenceEditor";
import { RemindersEditor } from "./RemindersEditor";
import { SchedulingCard } from "./SchedulingCard";
import { useEventTypeForm } from "./useEventTypeForm";

interface EventTypeFormProps {
  initial: EventTypeFields;
  /** Where the event type is booked, when it exists; else built from username and slug. */
  url: string | null;
  username: string;
  team: Team | null;
  schedules: readonly Schedule[];
  isNew: boolean;
  submitLabel: string;
  onSubmit: (fields: EventTypeFields) => Promise<unknown>;
}

/**
 * Every field of an event type of any kind, with the API's field errors beside each field.
 * The state and the save are useEventTypeForm's; each card is a component of its own.
 */
export function EventTypeForm({
  initial,
  url,
  username,
  team,
  schedules,
  isNew,
  submitLabel,
  onSubmit,
}: EventTypeFormProps) {
  const { t } = useTranslation();
  const form = useEventTypeForm(initial, isNew, onSubmit);
  const { draft, errors, failure, pending } = form.state;
  const section = { draft, update: form.update, errors };
  const isTeam = TEAM_KINDS.includes(draft.kind);
  const link = url ?? (isTeam ? null : `${publicUrl()}/${username}/${draft.slug || "…"}`);

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit}
      className="flex flex-col gap-6"
    >
      <div tabIndex={-1} className="outline-none">
        <Alert message={failure} />
      </div>
      <BasicsCard
        {...section}
        team={team}
        link={link}
        onTitleChange={form.setTitle}
        onSlugChange={form.setSlug}
      />

      <DurationsEditor {...section} />
      <LocationsEditor {...section} />

      {draft.kind === "COLLECTIVE" || draft.kind === "ROUND_ROBIN" ? (
        <HostsEditor {...section} members={team?.members ?? []} />
      ) : null}
      {draft.kind === "FLEXI" ? (
        <HostGroupsEditor {...section} members={team?.members ?? []} />
      ) : null}

      <SchedulingCard {...section} schedules={schedules} isTeam={isTeam} />
      <InviteeChangesCard {...section} />

      <RecurrenceEditor {...section} />
      <QuestionsEditor {...section} />
      <PaymentEditor {...section} />
      <RemindersEditor {...section} />

      <ConfirmationCard {...section} />

      <StickySaveBar>
        <Button type="submit" disabled={pending}>
          {pending ? t("dashboard.common.saving") : submitLabel}
        </Button>
      </StickySaveBar>
    </form>
  );
}

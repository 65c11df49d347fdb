import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { meQuery } from "../../api/queries";
import { Alert } from "../../components/Alert";
import { BackLink } from "../../components/BackLink";
import { Button } from "../../components/Button";
import { buttonClassName } from "../../components/buttonClassName";
import { Card } from "../../components/Card";
import { CheckboxField } from "../../components/CheckboxField";
import { ColorField } from "../../components/ColorField";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import {
  dashboardKeys,
  eventTypesQuery,
  teamsQuery,
} from "../../features/dashboard/api/dashboardQueries";
import type { BrandColors, Team } from "../../features/dashboard/api/types";
import { EventTypeCard } from "../../features/dashboard/eventTypes/EventTypeCard";
import { KindDialog } from "../../features/dashboard/eventTypes/KindDialog";
import { formFailureAlert, useFocusFailedForm } from "../../features/dashboard/formFailure";
import { LeaveTeamCard } from "../../features/dashboard/teams/LeaveTeamCard";
import { PendingInvitations } from "../../features/dashboard/teams/PendingInvitations";
import { Link } from "../../router";
import { notify } from "../../state/appState";
import type { ScreenProps } from "./ScreenProps";

/**
 * One team: members and roles, invitations for admins, its event types with their shared
 * links, its brand colours, and the way out of it.
 */
export function TeamScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  const teams = useQuery(teamsQuery());
  const types = useQuery(eventTypesQuery());
  const [creating, setCreating] = useState(false);
  const team = teams.data?.find((tm) => tm.id === params.id);
  const back = <BackLink to="/dashboard/teams" label={t("dashboard.teams.title")} />;
  if (!team || !me.data || !types.data) {
    return (
      <>
        <PageHeader title={t("dashboard.teams.title")} back={back} />
        {teams.data && !team ? (
          <p>{t("dashboard.teams.notFound")}</p>
        ) : (
          <QueryStatus queries={[teams, me, types]} />
        )}
      </>
    );
  }
  const admin = team.role === "admin";
  const teamTypes = types.data.filter((type) => type.teamId === team.id);
  const slugs = new Set(teamTypes.map((type) => type.slug));
  return (
    <>
      <PageHeader
        title={team.name}
        description={t(`dashboard.teams.roles.${team.role}`)}
        back={back}
        actions={
          admin ? (
            <>
              <Link
                to={`/dashboard/page/${encodeURIComponent(team.slug)}`}
                className={buttonClassName("secondary")}
              >
                {t("dashboard.page.editTeamPage")}
              </Link>
              <Link
                to={`/dashboard/insights?team=${team.id}`}
                className={buttonClassName("secondary")}
              >
                {t("dashboard.teams.pageInsights")}
              </Link>
              <Link
                to={`/dashboard/insights/bookings?team=${team.id}`}
                className={buttonClassName("secondary")}
              >
                {t("dashboard.bookingInsights.title")}
              </Link>
              <Button onClick={() => setCreating(true)}>{t("dashboard.teams.newEventType")}</Button>
            </>
          ) : null
        }
      />
      <MembersCard team={team} myId={me.data.user.id} />
      <Card
        title={t("dashboard.teams.eventTypes")}
        description={t("dashboard.teams.eventTypesHint")}
      >
        {teamTypes.length === 0 ? (
          <p className="text-gray-700">{t("dashboard.eventTypes.empty")}</p>
        ) : (
          <ul className="grid gap-3 xl:grid-cols-2">
            {teamTypes.map((type) => (
              <EventTypeCard key={type.id} type={type} canManage={admin} takenSlugs={slugs} />
            ))}
          </ul>
        )}
      </Card>
      <BrandingCard team={team} />
      {admin ? <RenameCard team={team} /> : null}
      <LeaveTeamCard team={team} />
      <KindDialog
        open={creating}
        onClose={() => setCreating(false)}
        teams={[team]}
        initialTeamId={team.id}
      />
    </>
  );
}

function useTeamUpdate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.teams() }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.settings() }),
    ]);
}

function MembersCard({ team, myId }: { team: Team; myId: string }) {
  const { t } = useTranslation();
  const refresh = useTeamUpdate();
  const admin = team.role === "admin";
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const inviteForm = useRef<HTMLFormElement>(null);
  const invite = useMutation({
    mutationFn: () => dashboardApi.inviteTeamMember(team.id, { email, role }),
    onSuccess: async ({ invitation }) => {
      setEmail("");
      notify(t("dashboard.teams.invitationSent", { email: invitation.email }));
      // The emptied field disables the button, which drops its focus: the field, ready for
      // the next address, takes it.
      requestAnimationFrame(() => inviteForm.current?.querySelector("input")?.focus());
      await refresh();
    },
  });
  useFocusFailedForm(inviteForm, invite.error);
  const changeRole = useMutation({
    mutationFn: (input: { userId: string; role: "admin" | "member" }) =>
      dashboardApi.changeMemberRole(team.id, input.userId, input.role),
    onSuccess: refresh,
    onError: (error) => notify(errorMessage(error, t), "error"),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => dashboardApi.removeTeamMember(team.id, userId),
    onSuccess: refresh,
    onError: (error) => notify(errorMessage(error, t), "error"),
  });
  const errors = fieldErrorsOf(invite.error);
  const roleOptions = (["member", "admin"] as const).map((value) => ({
    value,
    label: t(`dashboard.teams.roles.${value}`),
  }));
  return (
    <Card title={t("dashboard.teams.members")}>
      <ul className="flex flex-col divide-y divide-gray-100">
        {team.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-end justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-gray-900">
                <bdi>{member.name}</bdi>
                {member.userId === myId ? ` (${t("dashboard.teams.you")})` : ""}
              </p>
              <p className="text-sm break-all text-gray-700">{member.email}</p>
            </div>
            {admin ? (
              <div className="flex flex-wrap items-end gap-2">
                <SelectField
                  label={t("dashboard.teams.roleOf", { name: member.name })}
                  value={member.role}
                  options={roleOptions}
                  disabled={changeRole.isPending}
                  onChange={(event) =>
                    changeRole.mutate({
                      userId: member.userId,
                      role: event.target.value as "admin" | "member",
                    })
                  }
                />
                {member.userId === myId ? null : (
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(member.userId)}
                  >
                    {t("dashboard.common.remove")}
                    <span className="sr-only"> {member.name}</span>
                  </Button>
                )}
              </div>
            ) : (
              <span className="text-sm text-gray-700">
                {t(`dashboard.teams.roles.${member.role}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {admin ? <PendingInvitations teamId={team.id} /> : null}
      {admin ? (
        <form
          ref={inviteForm}
          noValidate
          className="flex flex-col gap-3 border-t border-gray-200 pt-4"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            invite.mutate();
          }}
        >
          <h3 className="font-semibold text-gray-900">{t("dashboard.teams.invite")}</h3>
          <p className="text-sm text-gray-700">{t("dashboard.teams.inviteHint")}</p>
          <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <TextField
              label={t("dashboard.teams.inviteEmail")}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              errors={errors.email}
            />
            <SelectField
              label={t("dashboard.teams.role")}
              value={role}
              options={roleOptions}
              onChange={(event) => setRole(event.target.value as "admin" | "member")}
            />
            <Button type="submit" disabled={invite.isPending || email.trim() === ""}>
              {t("dashboard.teams.sendInvite")}
            </Button>
          </div>
          <Alert message={formFailureAlert(invite.error, ["email", "role"], t)} />
        </form>
      ) : null}
    </Card>
  );
}

function BrandingCard({ team }: { team: Team }) {
  const { t } = useTranslation();
  const refresh = useTeamUpdate();
  const admin = team.role === "admin";
  const [colors, setColors] = useState<BrandColors>(team.colors);
  const [locked, setLocked] = useState(team.colorsLocked);
  useEffect(() => setLocked(team.colorsLocked), [team.colorsLocked]);
  const save = useMutation({
    mutationFn: (patch: { colors?: BrandColors; colorsLocked?: boolean }) =>
      dashboardApi.updateTeam(team.id, patch),
    onSuccess: async () => {
      notify(t("dashboard.teams.brandingSaved"));
      await refresh();
    },
  });
  const set = (patch: Partial<BrandColors>) => setColors((c) => ({ ...c, ...patch }));
  return (
    <Card title={t("dashboard.teams.branding")} description={t("dashboard.teams.brandingHint")}>
      {!admin && team.colorsLocked ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("dashboard.settings.colorsLocked")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <ColorField
          label={t("dashboard.settings.backgroundColor")}
          value={colors.backgroundColor}
          fallback="F2F4F7"
          disabled={!admin}
          onChange={(backgroundColor) => set({ backgroundColor })}
        />
        <ColorField
          label={t("dashboard.settings.textColor")}
          value={colors.textColor}
          fallback="101828"
          disabled={!admin}
          onChange={(textColor) => set({ textColor })}
        />
        <ColorField
          label={t("dashboard.settings.primaryColor")}
          value={colors.primaryColor}
          fallback="1D4ED8"
          disabled={!admin}
          onChange={(primaryColor) => set({ primaryColor })}
        />
      </div>
      {admin ? (
        <>
          <CheckboxField
            asSwitch
            label={t("dashboard.teams.lockColors")}
            hint={t("dashboard.teams.lockColorsHint")}
            checked={locked}
            disabled={save.isPending}
            onChange={(colorsLocked) => {
              // Shown at once: a controlled switch waiting for the mutation's pending state
              // would snap back for a render and read as "not changed".
              setLocked(colorsLocked);
              save.mutate({ colorsLocked }, { onError: () => setLocked(team.colorsLocked) });
            }}
          />
          <Alert message={save.error ? errorMessage(save.error, t) : undefined} />
          <div>
            <Button disabled={save.isPending} onClick={() => save.mutate({ colors })}>
              {t("dashboard.teams.saveBranding")}
            </Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}

function RenameCard({ team }: { team: Team }) {
  const { t } = useTranslation();
  const refresh = useTeamUpdate();
  const [name, setName] = useState(team.name);
  const rename = useMutation({
    mutationFn: () => dashboardApi.updateTeam(team.id, { name }),
    onSuccess: async () => {
      notify(t("dashboard.teams.renamed"));
      await refresh();
    },
  });
  const errors = fieldErrorsOf(rename.error);
  return (
    <Card title={t("dashboard.teams.settings")}>
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          rename.mutate();
        }}
      >
        <TextField
          className="min-w-56 flex-1"
          label={t("dashboard.teams.name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          errors={errors.name}
        />
        <Button type="submit" disabled={rename.isPending}>
          {t("dashboard.common.save")}
        </Button>
      </form>
    </Card>
  );
}

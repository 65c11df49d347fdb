import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../api/apiErrors";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Dialog, dialogActionsClassName } from "../../components/Dialog";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { TextField } from "../../components/TextField";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { dashboardKeys, teamsQuery } from "../../features/dashboard/api/dashboardQueries";
import { slugify } from "../../features/dashboard/eventTypes/eventTypeDraft";
import { formFailureAlert, useFocusFailedForm } from "../../features/dashboard/formFailure";
import { MyInvitations } from "../../features/dashboard/teams/MyInvitations";
import { Link, useNavigate } from "../../router";

/** The host's teams, invitations to join others, and a way to start one. */
export function TeamsScreen() {
  const { t } = useTranslation();
  const teams = useQuery(teamsQuery());
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t("dashboard.teams.title")}
        description={t("dashboard.teams.description")}
        actions={<Button onClick={() => setCreating(true)}>{t("dashboard.teams.new")}</Button>}
      />
      <MyInvitations />
      <QueryStatus queries={[teams]} />
      {teams.data && teams.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-gray-700 shadow-sm">
          {t("dashboard.teams.empty")}
        </p>
      ) : null}
      <ul className="grid gap-3 xl:grid-cols-2">
        {teams.data?.map((team) => (
          <li
            key={team.id}
            className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
          >
            <h2 className="text-lg font-bold text-gray-900">
              <Link to={`/dashboard/teams/${team.id}`} className="hover:underline">
                {team.name}
              </Link>
            </h2>
            <p className="text-sm text-gray-700">
              {t(`dashboard.teams.roles.${team.role}`)} ·{" "}
              {t("dashboard.teams.memberCount", { count: team.members.length })}
            </p>
          </li>
        ))}
      </ul>
      {creating ? <CreateTeamDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}

function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useMutation({
    mutationFn: () => dashboardApi.createTeam({ name, slug: slug ?? slugify(name) }),
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.teams() });
      onClose();
      navigate(`/dashboard/teams/${team.id}`);
    },
  });
  useFocusFailedForm(formRef, create.error);
  const errors = fieldErrorsOf(create.error);
  return (
    <Dialog open onClose={onClose} title={t("dashboard.teams.createTitle")}>
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <TextField
          label={t("dashboard.teams.name")}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          errors={errors.name}
        />
        <TextField
          label={t("dashboard.teams.slug")}
          value={slug ?? slugify(name)}
          onChange={(event) => setSlug(event.target.value.toLowerCase())}
          errors={errors.slug}
          hint={t("dashboard.teams.slugHint")}
        />
        <Alert message={formFailureAlert(create.error, ["name", "slug"], t)} />
        <div className={dialogActionsClassName}>
          <Button variant="secondary" onClick={onClose}>
            {t("dashboard.common.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {t("dashboard.teams.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

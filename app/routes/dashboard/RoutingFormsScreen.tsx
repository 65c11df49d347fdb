import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiClient } from "../../api/apiClient";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SelectField } from "../../components/SelectField";
import { UserText } from "../../components/UserText";
import { teamsQuery } from "../../features/dashboard/api/dashboardQueries";
import {
  newItemId,
  type RoutingForm,
  routingFormKeys,
  routingFormsQuery,
} from "../../features/dashboard/routingForms/routingFormQueries";
import { Link, useNavigate } from "../../router";

/** The host's routing forms (and their teams'), with a link, responses and a way to add one. */
export function RoutingFormsScreen() {
  const { t } = useTranslation();
  const forms = useQuery(routingFormsQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string>();
  const teams = useQuery(teamsQuery());
  const adminTeams = (teams.data ?? []).filter((team) => team.role === "admin");
  // "" for the host's own form, else the id of a team they administer.
  const [owner, setOwner] = useState("");
  const create = useMutation({
    mutationFn: () =>
      apiClient.post<RoutingForm>("/routing-forms", {
        teamId: owner || null,
        title: t("dashboard.routingForms.newTitle"),
        slug: `form-${Date.now().toString(36)}`,
        fields: [
          {
            id: newItemId("f"),
            type: "SHORT_TEXT",
            label: t("dashboard.routingForms.defaultName"),
            identifier: "name",
            required: true,
            prefill: "name",
          },
          {
            id: newItemId("f"),
            type: "EMAIL",
            label: t("dashboard.routingForms.defaultEmail"),
            identifier: "email",
            required: true,
            prefill: "email",
          },
        ],
        routes: [
          {
            id: newItemId("r"),
            isFallback: true,
            action: { type: "MESSAGE", message: t("dashboard.routingForms.defaultMessage") },
          },
        ],
      }),
    onSuccess: async (form) => {
      await queryClient.invalidateQueries({ queryKey: routingFormKeys.all() });
      navigate(`/dashboard/routing-forms/${form.id}`);
    },
    onError: (error) => setAlert(errorMessage(error, t)),
  });
  return (
    <>
      <PageHeader
        title={t("dashboard.routingForms.title")}
        description={t("dashboard.routingForms.description")}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            {adminTeams.length > 0 ? (
              <SelectField
                label={t("dashboard.routingForms.owner")}
                value={owner}
                options={[
                  { value: "", label: t("dashboard.routingForms.ownerMe") },
                  ...adminTeams.map((team) => ({ value: team.id, label: team.name })),
                ]}
                onChange={(event) => setOwner(event.target.value)}
              />
            ) : null}
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {t("dashboard.routingForms.new")}
            </Button>
          </div>
        }
      />
      <Alert message={alert} />
      <QueryStatus queries={[forms]} />
      {forms.data?.length === 0 ? (
        <p className="text-gray-700">{t("dashboard.routingForms.empty")}</p>
      ) : null}
      {forms.data ? (
        <ul className="grid gap-3 xl:grid-cols-2">
          {forms.data.map((form) => (
            <li
              key={form.id}
              className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
            >
              <h2 className="text-lg font-bold text-gray-900">
                <Link to={`/dashboard/routing-forms/${form.id}`} className="hover:underline">
                  <UserText>{form.title}</UserText>
                </Link>
              </h2>
              <p className="text-sm text-gray-700">
                {t("dashboard.routingForms.summary", {
                  fields: form.fields.length,
                  routes: form.routes.length,
                  responses: form.responseCount,
                })}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <a href={form.url} className="break-all text-sm text-brand-700 underline">
                  {form.url}
                </a>
                <CopyButton
                  text={form.url}
                  subject={form.title}
                  size="compact"
                  variant="secondary"
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

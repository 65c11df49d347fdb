import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiClient } from "../../api/apiClient";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { BackLink } from "../../components/BackLink";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SelectField } from "../../components/SelectField";
import { TextAreaField } from "../../components/TextAreaField";
import { TextField } from "../../components/TextField";
import { isolateText, UserText } from "../../components/UserText";
import { eventTypesQuery } from "../../features/dashboard/api/dashboardQueries";
import { FieldsEditor } from "../../features/dashboard/routingForms/FieldsEditor";
import { LivePreview } from "../../features/dashboard/routingForms/LivePreview";
import { RoutesEditor } from "../../features/dashboard/routingForms/RoutesEditor";
import {
  formResponsesQuery,
  type RoutingForm,
  responsesSearch,
  routingFormKeys,
  routingFormQuery,
} from "../../features/dashboard/routingForms/routingFormQueries";
import { TestPanel } from "../../features/dashboard/routingForms/TestPanel";
import { ShareCenter } from "../../features/dashboard/share/ShareCenter";
import { useFormatters } from "../../features/dashboard/useFormatters";
import { focusFirstError } from "../../lib/focusFirstError";
import { useNavigate } from "../../router";
import type { ScreenProps } from "./ScreenProps";

type Draft = Pick<RoutingForm, "title" | "slug" | "description" | "fields" | "routes">;

/** The routing form builder: settings, questions, routes, a test panel, the link and responses. */
export function RoutingFormEditScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const id = params.id ?? "";
  const form = useQuery(routingFormQuery(id));
  const eventTypes = useQuery(eventTypesQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (form.data && draft === null) {
      const { title, slug, description, fields, routes } = form.data;
      setDraft({ title, slug, description, fields, routes });
    }
  }, [form.data, draft]);

  const save = useMutation({
    mutationFn: (body: Draft) =>
      apiClient.patch<RoutingForm>(`/routing-forms/${id}`, {
        ...body,
        fields: body.fields.map((field) => ({
          ...field,
          options: field.options.map((option) => option.trim()).filter(Boolean),
        })),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(routingFormKeys.one(id), updated);
      void queryClient.invalidateQueries({ queryKey: routingFormKeys.all() });
      setErrors({});
      setAlert(undefined);
      setSaved(true);
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      setAlert(errorMessage(error, t));
      requestAnimationFrame(() => focusFirstError(document.querySelector("main")));
    },
  });
  const remove = useMutation({
    mutationFn: () => apiClient.delete<void>(`/routing-forms/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: routingFormKeys.all() });
      navigate("/dashboard/routing-forms");
    },
  });

  // The routes offer the owner's event types: both are needed before the builder shows.
  if (!form.data || !draft || !eventTypes.data) return <QueryStatus queries={[form, eventTypes]} />;
  const owned = eventTypes.data.filter((type) =>
    form.data.teamId !== null ? type.teamId === form.data.teamId : type.teamId === null,
  );
  const change = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft) save.mutate(draft);
  }

  return (
    <>
      <PageHeader
        title={form.data.title}
        back={<BackLink to="/dashboard/routing-forms" label={t("dashboard.routingForms.title")} />}
        actions={
          <div className="flex flex-wrap gap-2">
            <CopyButton text={form.data.url} label={t("dashboard.routingForms.copyLink")} />
            <ShareCenter title={form.data.title} url={form.data.url} />
            <a
              href={form.data.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 bg-white px-4 font-semibold text-gray-900"
            >
              {t("dashboard.routingForms.preview")}
              <span className="sr-only"> {t("dashboard.common.opensInNewTab")}</span>
            </a>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form
          onSubmit={handleSubmit}
          noValidate
          className="flex flex-col gap-6 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
        >
          <Alert message={alert} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("dashboard.routingForms.formTitle")}
              value={draft.title}
              errors={errors.title}
              onChange={(event) => change({ title: event.target.value })}
            />
            <TextField
              label={t("dashboard.routingForms.slug")}
              hint={`/RF/${draft.slug}`}
              value={draft.slug}
              errors={errors.slug}
              onChange={(event) => change({ slug: event.target.value })}
            />
          </div>
          <TextAreaField
            label={t("dashboard.routingForms.formDescription")}
            rows={2}
            value={draft.description}
            errors={errors.description}
            onChange={(event) => change({ description: event.target.value })}
          />
          <FieldsEditor
            fields={draft.fields}
            errors={errors}
            onChange={(fields) => change({ fields })}
          />
          <RoutesEditor
            fields={draft.fields}
            routes={draft.routes}
            eventTypes={owned}
            counts={form.data.routeCounts}
            errors={errors}
            onChange={(routes) => change({ routes })}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {t("dashboard.routingForms.save")}
            </Button>
            {saved ? (
              <p role="status" className="text-sm text-gray-700">
                {t("dashboard.routingForms.saved")}
              </p>
            ) : null}
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              {t("dashboard.routingForms.delete")}
            </Button>
          </div>
        </form>
        <div className="flex flex-col gap-6">
          <LivePreview title={draft.title} description={draft.description} fields={draft.fields} />
          <TestPanel fields={draft.fields} routes={draft.routes} />
        </div>
      </div>
      <Responses form={form.data} />
      <ConfirmDialog
        open={deleting}
        danger
        title={t("dashboard.routingForms.deleteTitle", { title: isolateText(form.data.title) })}
        message={t("dashboard.routingForms.deleteMessage")}
        confirmLabel={t("dashboard.common.delete")}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : undefined}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </>
  );
}

function Responses({ form }: { form: RoutingForm }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [routeId, setRouteId] = useState("");
  const responses = useQuery(formResponsesQuery(form.id, routeId));
  const rules = form.routes.filter((route) => !route.isFallback);
  const routeName = (id: string) => {
    const route = form.routes.find((item) => item.id === id);
    if (!route) return id;
    return route.isFallback
      ? t("dashboard.routingForms.fallback")
      : t("dashboard.routingForms.routeNumber", { number: rules.indexOf(route) + 1 });
  };
  const when = new Intl.DateTimeFormat(format.locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section
      aria-labelledby="rf-responses"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="rf-responses" className="text-lg font-bold text-gray-900">
        {t("dashboard.routingForms.responsesTitle", { number: form.responseCount })}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t("dashboard.routingForms.filterRoute")}
          value={routeId}
          options={[
            { value: "", label: t("dashboard.routingForms.allRoutes") },
            ...form.routes.map((route) => ({ value: route.id, label: routeName(route.id) })),
          ]}
          onChange={(event) => setRouteId(event.target.value)}
        />
        <a
          href={`/api/routing-forms/${form.id}/responses.csv${responsesSearch(routeId)}`}
          download
          className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 px-4 font-semibold text-gray-900"
        >
          {t("dashboard.routingForms.downloadCsv")}
        </a>
      </div>
      <QueryStatus queries={[responses]} />
      {responses.data?.responses.length === 0 ? (
        <p className="text-gray-700">{t("dashboard.routingForms.noResponses")}</p>
      ) : null}
      {responses.data && responses.data.responses.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b border-gray-200 text-gray-700">
                <th scope="col" className="p-2 text-start">
                  {t("dashboard.routingForms.submittedAt")}
                </th>
                {form.fields.map((field) => (
                  <th key={field.id} scope="col" className="p-2 text-start">
                    <UserText>{field.label}</UserText>
                  </th>
                ))}
                <th scope="col" className="p-2 text-start">
                  {t("dashboard.routingForms.route")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("dashboard.routingForms.booking")}
                </th>
              </tr>
            </thead>
            <tbody>
              {responses.data.responses.map((response) => (
                <tr key={response.id} className="border-b border-gray-100">
                  <td className="p-2">{when.format(new Date(response.createdAt))}</td>
                  {form.fields.map((field) => {
                    const answer = response.answers[field.id];
                    return (
                      <td key={field.id} className="p-2">
                        <UserText>
                          {Array.isArray(answer)
                            ? answer.join(", ")
                            : answer === undefined
                              ? ""
                              : String(answer)}
                        </UserText>
                      </td>
                    );
                  })}
                  <td className="p-2">{routeName(response.routeId)}</td>
                  <td className="p-2">
                    {response.booking ? when.format(new Date(response.booking.start)) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { pageEditQuery, settingsQuery } from "../../features/dashboard/api/dashboardQueries";
import { PageEditor } from "../../features/dashboard/page/PageEditor";
import type { ScreenProps } from "./ScreenProps";

/** `/dashboard/page` (the host's own page) and `/dashboard/page/:slug` (a team's page). */
export function PageEditorScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const settings = useQuery({ ...settingsQuery(), enabled: params.slug === undefined });
  const slug = params.slug ?? settings.data?.user.username;
  const page = useQuery({ ...pageEditQuery(slug ?? ""), enabled: slug !== undefined });
  return (
    <>
      <PageHeader
        title={
          page.data?.page.kind === "team"
            ? t("dashboard.page.teamTitle", { name: page.data.page.name })
            : t("dashboard.page.title")
        }
        description={t("dashboard.page.description")}
      />
      <QueryStatus queries={params.slug === undefined ? [settings, page] : [page]} />
      {page.data ? <PageEditor key={page.data.page.slug} data={page.data} /> : null}
    </>
  );
}

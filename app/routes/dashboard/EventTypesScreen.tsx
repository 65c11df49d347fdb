import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { meQuery } from "../../api/queries";
import { Button } from "../../components/Button";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { eventTypesQuery, teamsQuery } from "../../features/dashboard/api/dashboardQueries";
import type { EventType } from "../../features/dashboard/api/types";
import { EventTypeCard } from "../../features/dashboard/eventTypes/EventTypeCard";
import { KindDialog } from "../../features/dashboard/eventTypes/KindDialog";

/** All event types the host can see: their own, then each team's. */
export function EventTypesScreen() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const me = useQuery(meQuery());
  const types = useQuery(eventTypesQuery());
  const teams = useQuery(teamsQuery());
  const status = <QueryStatus queries={[me, types, teams]} />;
  const header = (
    <PageHeader
      title={t("dashboard.eventTypes.title")}
      description={t("dashboard.eventTypes.description")}
      actions={<Button onClick={() => setCreating(true)}>{t("dashboard.eventTypes.new")}</Button>}
    />
  );
  if (!me.data || !types.data || !teams.data)
    return (
      <>
        {header}
        {status}
      </>
    );

  const userId = me.data.user.id;
  const adminTeams = teams.data.filter((team) => team.role === "admin");
  const groups: { id: string; title: string; types: EventType[]; canManage: boolean }[] = [
    {
      id: "personal",
      title: t("dashboard.eventTypes.personal"),
      types: types.data.filter((type) => type.userId === userId),
      canManage: true,
    },
    ...teams.data.map((team) => ({
      id: team.id,
      title: t("dashboard.eventTypes.teamGroup", { team: team.name }),
      types: types.data.filter((type) => type.teamId === team.id),
      canManage: team.role === "admin",
    })),
  ];

  return (
    <>
      {header}
      {groups.map((group) => {
        const slugs = new Set(group.types.map((type) => type.slug));
        return (
          <section
            key={group.id}
            aria-labelledby={`group-${group.id}`}
            className="flex flex-col gap-3"
          >
            <h2 id={`group-${group.id}`} className="text-lg font-bold text-gray-900">
              {group.title}
            </h2>
            {group.types.length === 0 ? (
              <p className="rounded-2xl bg-white p-4 text-gray-700 shadow-sm">
                {t("dashboard.eventTypes.empty")}
              </p>
            ) : (
              <ul className="grid gap-3 xl:grid-cols-2">
                {group.types.map((type) => (
                  <EventTypeCard
                    key={type.id}
                    type={type}
                    canManage={group.canManage}
                    takenSlugs={slugs}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <KindDialog open={creating} onClose={() => setCreating(false)} teams={adminTeams} />
    </>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Button } from "../../../components/Button";
import { buttonClassName } from "../../../components/buttonClassName";
import { CheckboxField } from "../../../components/CheckboxField";
import { CopyButton } from "../../../components/CopyButton";
import { UserText } from "../../../components/UserText";
import { Link, useNavigate } from "../../../router";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import type { EventType } from "../api/types";
import { ShareCenter } from "../share/ShareCenter";
import { DeleteEventTypeDialog } from "./DeleteEventTypeDialog";
import { duplicateDraft } from "./eventTypeDraft";

interface EventTypeCardProps {
  type: EventType;
  canManage: boolean;
  takenSlugs: ReadonlySet<string>;
}

/** One event type in the list: what it is, its link, and the host's quick actions. */
export function EventTypeCard({ type, canManage, takenSlugs }: EventTypeCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.eventTypes() });

  const toggle = useMutation({
    mutationFn: (active: boolean) => dashboardApi.updateEventType(type.id, { active }),
    onSuccess: (_data, active) => {
      notify(active ? t("dashboard.eventTypes.activated") : t("dashboard.eventTypes.deactivated"));
      return refresh();
    },
    onError: (error) => {
      setActive(type.active);
      notify(errorMessage(error, t), "error");
    },
  });
  // Shown at once, not when the mutation's pending state arrives, so the switch never snaps back.
  const [active, setActive] = useState(type.active);
  useEffect(() => setActive(type.active), [type.active]);
  const duplicate = useMutation({
    mutationFn: () =>
      dashboardApi.createEventType(
        duplicateDraft(
          type,
          t("dashboard.eventTypes.copyTitle", { title: type.title }),
          takenSlugs,
        ),
      ),
    onSuccess: async (created) => {
      notify(t("dashboard.eventTypes.duplicated"));
      await refresh();
      navigate(`/dashboard/event-types/${created.id}`);
    },
    onError: (error) => notify(errorMessage(error, t), "error"),
  });

  const durations = type.durations.length > 1 ? type.durations : [type.duration];
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  // Shows the switch's new position at once, while the change is on its way.
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-lg font-bold break-words text-gray-900">
            <Link to={`/dashboard/event-types/${type.id}`} className="hover:underline">
              <UserText>{type.title}</UserText>
            </Link>
          </h3>
          <p className="text-sm text-gray-700">
            {t(`dashboard.kinds.${type.kind}.title`)} ·{" "}
            {durations.map((d, index) => (
              // A duration wraps as a whole, never between its number and its unit.
              <Fragment key={d}>
                {index > 0 ? ", " : null}
                <span className="whitespace-nowrap">
                  {t("dashboard.common.minutesCount", { count: d })}
                </span>
              </Fragment>
            ))}
            {type.hidden ? (
              <>
                {" · "}
                <span className="font-semibold">{t("dashboard.eventTypes.secret")}</span>
              </>
            ) : null}
          </p>
        </div>
        {canManage ? (
          <div className="flex shrink-0 items-center gap-2">
            <span aria-hidden="true" className="text-sm font-semibold text-gray-700">
              {active ? t("dashboard.eventTypes.on") : t("dashboard.eventTypes.inactive")}
            </span>
            <CheckboxField
              asSwitch
              hideLabel
              label={t("dashboard.eventTypes.activeSwitch", { title: type.title })}
              checked={active}
              disabled={toggle.isPending}
              onChange={(next) => {
                setActive(next);
                toggle.mutate(next);
              }}
            />
          </div>
        ) : type.active ? null : (
          <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">
            {t("dashboard.eventTypes.inactive")}
          </span>
        )}
      </div>
      {type.url ? (
        <p className="text-sm break-all text-gray-700">
          <bdi>{type.url}</bdi>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {type.url ? <CopyButton text={type.url} subject={type.title} size="compact" /> : null}
        {type.url ? (
          <ShareCenter
            title={type.title}
            url={type.url}
            eventTypeId={type.id}
            canManage={canManage}
            buttonSize="compact"
          />
        ) : null}
        {canManage ? (
          <>
            <Link
              to={`/dashboard/event-types/${type.id}`}
              className={buttonClassName("secondary", "", "compact")}
            >
              {t("dashboard.common.edit")}
              <span className="sr-only"> {type.title}</span>
            </Link>
            {/* Rarer actions behind one disclosure, so a card's row of actions fits its width. */}
            <Button
              variant="secondary"
              size="compact"
              aria-expanded={moreOpen}
              aria-controls={moreId}
              onClick={() => setMoreOpen((open) => !open)}
            >
              {t("dashboard.eventTypes.moreActions")}
              <span className="sr-only"> {type.title}</span>
            </Button>
            <div id={moreId} hidden={!moreOpen} className="contents">
              <Button
                variant="secondary"
                size="compact"
                disabled={duplicate.isPending}
                onClick={() => duplicate.mutate()}
              >
                {t("dashboard.eventTypes.duplicate")}
                <span className="sr-only"> {type.title}</span>
              </Button>
              <Button variant="secondary" size="compact" onClick={() => setConfirmDelete(true)}>
                {t("dashboard.common.delete")}
                <span className="sr-only"> {type.title}</span>
              </Button>
            </div>
          </>
        ) : null}
      </div>
      <DeleteEventTypeDialog
        eventType={type}
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onDeleted={async () => {
          setConfirmDelete(false);
          await refresh();
        }}
      />
    </li>
  );
}

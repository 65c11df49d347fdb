import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type {
  CalendarConnectionResponse,
  CalendarConnectionUpdate,
} from "../../../../core/api/calendarConnections";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { SelectField } from "../../../components/SelectField";
import { UserText } from "../../../components/UserText";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import { useFormatters } from "../useFormatters";

/**
 * One connection: its health (last good sync, the failure in plain words, busy blocks held), the
 * calendars that count as busy, the one bookings go into, what happens while it fails, sync now
 * and disconnect.
 */
export function CalendarConnectionCard({
  connection,
  onDeleted,
}: {
  connection: CalendarConnectionResponse;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const headingId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [deleting, setDeleting] = useState(false);
  // A ticked box shows its new state at once; the server's answer replaces it (or undoes it).
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: dashboardKeys.calendarConnections() });
  const update = useMutation({
    mutationFn: (patch: CalendarConnectionUpdate) =>
      dashboardApi.updateCalendarConnection(connection.id, patch),
    onSuccess: async () => {
      notify(t("dashboard.calendars.saved"));
      await refresh();
      setChosen({});
    },
    onError: () => setChosen({}),
  });
  const sync = useMutation({
    mutationFn: () => dashboardApi.syncCalendarConnection(connection.id),
    onSuccess: async () => {
      await refresh();
      // The status line is what changed: move focus there so it is read out.
      requestAnimationFrame(() => statusRef.current?.focus());
    },
  });
  const remove = useMutation({
    mutationFn: () => dashboardApi.deleteCalendarConnection(connection.id),
    onSuccess: async () => {
      notify(t("dashboard.calendars.disconnected"));
      setDeleting(false);
      await refresh();
      onDeleted();
    },
  });
  // The provider asks for consent again; the callback reconnects this connection in place.
  const reconnect = useMutation({
    mutationFn: () =>
      dashboardApi.startOAuthConnection(
        connection.provider === "CALDAV" || connection.provider === "ICS"
          ? "GOOGLE"
          : connection.provider,
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // Zoom makes meeting links: it has no calendars, busy time or failure mode to show.
  const zoom = connection.provider === "ZOOM";
  const writable = connection.calendars.filter((calendar) => !calendar.readOnly);
  const writeTarget = connection.calendars.find((calendar) => calendar.writeTarget);
  const status =
    connection.status === "FAILING" && connection.lastError
      ? zoom && connection.lastError === "RECONNECT_NEEDED"
        ? t("dashboard.calendars.zoomReconnectNeeded")
        : t(`dashboard.calendars.error.${connection.lastError}`)
      : connection.status === "OK"
        ? t(zoom ? "dashboard.calendars.zoomHealthy" : "dashboard.calendars.healthy")
        : t("dashboard.calendars.pending");
  // A sync that worked but kept only part of the busy time: still healthy, with a caution.
  const warning =
    connection.status === "OK" && connection.warning
      ? t(`dashboard.calendars.warning.${connection.warning}`)
      : null;
  const mutationError = update.error ?? sync.error ?? reconnect.error;
  return (
    <li>
      <section
        aria-labelledby={headingId}
        className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={headingId} className="text-lg font-bold text-gray-900">
              <UserText>{connection.name}</UserText>
            </h2>
            <p className="text-sm text-gray-600">
              {t(
                connection.provider === "CALDAV"
                  ? "dashboard.calendars.kindCaldav"
                  : connection.provider === "GOOGLE"
                    ? "dashboard.calendars.kindGoogle"
                    : connection.provider === "MICROSOFT"
                      ? "dashboard.calendars.kindMicrosoft"
                      : zoom
                        ? "dashboard.calendars.kindZoom"
                        : "dashboard.calendars.kindFeed",
              )}{" "}
              <bdi dir="ltr">{connection.serverUrl}</bdi>
            </p>
          </div>
          <div className="flex gap-2">
            {connection.lastError === "RECONNECT_NEEDED" ? (
              <Button disabled={reconnect.isPending} onClick={() => reconnect.mutate()}>
                {t("dashboard.calendars.reconnect")}
              </Button>
            ) : null}
            <Button variant="secondary" disabled={sync.isPending} onClick={() => sync.mutate()}>
              {sync.isPending
                ? t("dashboard.calendars.syncing")
                : t(zoom ? "dashboard.calendars.checkZoom" : "dashboard.calendars.syncNow")}
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              {t("dashboard.calendars.disconnect")}
            </Button>
          </div>
        </div>
        <div
          className={`rounded-xl border p-3 text-sm ${
            connection.status === "FAILING"
              ? "border-red-300 bg-red-50 text-red-900"
              : warning
                ? "border-amber-300 bg-amber-50 text-amber-900"
                : "border-gray-200 text-gray-800"
          }`}
        >
          <p ref={statusRef} tabIndex={-1} className="font-semibold outline-none">
            {status}
          </p>
          {warning && <p>{warning}</p>}
          <p>
            {connection.lastSyncedAt
              ? t("dashboard.calendars.lastSynced", {
                  when: format.dateTime(connection.lastSyncedAt),
                })
              : t("dashboard.calendars.neverSynced")}
          </p>
          {zoom ? null : (
            <p>{t("dashboard.calendars.busyBlocks", { count: connection.busyBlocks })}</p>
          )}
        </div>
        {zoom ? null : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-gray-900">
              {t("dashboard.calendars.busyCalendars")}
            </legend>
            {connection.calendars.map((calendar) => (
              <CheckboxField
                key={calendar.id}
                label={calendar.name}
                checked={chosen[calendar.id] ?? calendar.busy}
                disabled={update.isPending}
                onChange={(busy) => {
                  setChosen((current) => ({ ...current, [calendar.id]: busy }));
                  update.mutate({ calendars: [{ id: calendar.id, busy }] });
                }}
              />
            ))}
          </fieldset>
        )}
        {writable.length > 0 ? (
          <SelectField
            label={t("dashboard.calendars.writeCalendar")}
            hint={t("dashboard.calendars.writeCalendarHint")}
            value={writeTarget?.id ?? ""}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ writeCalendarId: event.target.value || null })}
            options={[
              { value: "", label: t("dashboard.calendars.noWriteCalendar") },
              ...writable.map((calendar) => ({ value: calendar.id, label: calendar.name })),
            ]}
          />
        ) : null}
        {connection.provider === "GOOGLE" ? (
          <CheckboxField
            label={t("dashboard.calendars.cancelOnDelete")}
            hint={t("dashboard.calendars.cancelOnDeleteHint")}
            checked={connection.cancelOnDelete}
            disabled={update.isPending}
            onChange={(cancelOnDelete) => update.mutate({ cancelOnDelete })}
          />
        ) : null}
        {zoom ? null : (
          <SelectField
            label={t("dashboard.calendars.onFailure")}
            value={connection.onFailure}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({ onFailure: event.target.value as "KEEP_OFFERING" | "BLOCK" })
            }
            options={[
              { value: "KEEP_OFFERING", label: t("dashboard.calendars.keepOffering") },
              { value: "BLOCK", label: t("dashboard.calendars.blockAll") },
            ]}
          />
        )}
        <Alert message={mutationError ? errorMessage(mutationError, t) : undefined} />
      </section>
      <ConfirmDialog
        open={deleting}
        danger
        title={t("dashboard.calendars.disconnectTitle")}
        message={t("dashboard.calendars.disconnectMessage")}
        confirmLabel={t("dashboard.calendars.disconnect")}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : undefined}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </li>
  );
}

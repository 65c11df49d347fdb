import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { WORKING_HOURS } from "../../../core/schedules/scheduleSchema";
import { WEEKDAYS } from "../../../core/time/localDate";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { meQuery } from "../../api/queries";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { TextField } from "../../components/TextField";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { dashboardKeys, schedulesQuery } from "../../features/dashboard/api/dashboardQueries";
import type { Schedule } from "../../features/dashboard/api/types";
import { OutOfOfficeSection } from "../../features/dashboard/availability/OutOfOfficeSection";
import { wallTimeLabel } from "../../features/dashboard/availability/timeOptions";
import { useFormatters } from "../../features/dashboard/useFormatters";
import { Link, useNavigate } from "../../router";

/** The host's schedules; each event type uses one (or the default). */
export function AvailabilityScreen() {
  const { t } = useTranslation();
  const schedules = useQuery(schedulesQuery());
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t("dashboard.availability.title")}
        description={t("dashboard.availability.description")}
        actions={
          <Button onClick={() => setCreating(true)}>{t("dashboard.availability.new")}</Button>
        }
      />
      <QueryStatus queries={[schedules]} />
      {schedules.data ? (
        <ul className="grid gap-3 xl:grid-cols-2">
          {schedules.data.map((schedule) => (
            <ScheduleSummary key={schedule.id} schedule={schedule} />
          ))}
        </ul>
      ) : null}
      <OutOfOfficeSection />
      {creating ? <NewScheduleDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}

function ScheduleSummary({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const dayFormat = new Intl.DateTimeFormat(format.locale, { weekday: "short", timeZone: "UTC" });
  const lines = WEEKDAYS.map((day, i) => {
    const ranges = schedule.weekly[day] ?? [];
    const name = dayFormat.format(new Date(Date.UTC(2024, 0, 1 + i, 12)));
    const hours =
      ranges.length === 0
        ? t("dashboard.availability.unavailableDay")
        : ranges
            .map(
              (r) =>
                `${wallTimeLabel(r.start, format.hour12, format.locale)}–${wallTimeLabel(r.end, format.hour12, format.locale)}`,
            )
            .join(", ");
    return { day, name, hours };
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-gray-900">
          <Link to={`/dashboard/availability/${schedule.id}`} className="hover:underline">
            {schedule.name}
          </Link>
        </h2>
        {schedule.isDefault ? (
          <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
            {t("dashboard.availability.default")}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-gray-700">{schedule.timeZone.replaceAll("_", " ")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {lines.map((line) => (
          <div key={line.day} className="contents">
            <dt className="font-semibold text-gray-800">{line.name}</dt>
            <dd className="text-gray-700">{line.hours}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Link
          to={`/dashboard/availability/${schedule.id}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
        >
          {t("dashboard.common.edit")}
          <span className="sr-only"> {schedule.name}</span>
        </Link>
      </div>
    </li>
  );
}

function NewScheduleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () =>
      dashboardApi.createSchedule({
        name,
        timeZone: me.data?.user.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
        weekly: WORKING_HOURS,
        overrides: [],
      }),
    onSuccess: async (schedule) => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.schedules() });
      onClose();
      navigate(`/dashboard/availability/${schedule.id}`);
    },
  });
  const fieldErrors = fieldErrorsOf(create.error);
  return (
    <Dialog open onClose={onClose} title={t("dashboard.availability.newTitle")}>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <TextField
          label={t("dashboard.availability.name")}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          errors={fieldErrors.name}
        />
        <Alert
          message={create.error && !fieldErrors.name ? errorMessage(create.error, t) : undefined}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("dashboard.common.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {t("dashboard.availability.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OutOfOfficeColleague, OutOfOfficeResponse } from "../../../../core/api/outOfOffice";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { Dialog } from "../../../components/Dialog";
import { QueryStatus } from "../../../components/QueryStatus";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { UserText } from "../../../components/UserText";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys, outOfOfficeQuery } from "../api/dashboardQueries";
import { useFormatters } from "../useFormatters";

type Editing = { mode: "new" } | { mode: "edit"; period: OutOfOfficeResponse } | null;

/**
 * The host's out-of-office periods: whole days when none of their booking pages offers a time,
 * each optionally naming a colleague from their teams whose page invitees are offered instead.
 */
export function OutOfOfficeSection() {
  const { t } = useTranslation();
  const query = useQuery(outOfOfficeQuery());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [deleting, setDeleting] = useState<OutOfOfficeResponse | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => dashboardApi.deleteOutOfOffice(id),
    onSuccess: async () => {
      notify(t("dashboard.outOfOffice.deleted"));
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.outOfOffice() });
      // The deleted row's button is gone: the dialog gives focus to the section's heading.
      setDeleting(null);
    },
  });
  const periods = query.data?.periods ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-lg font-bold text-gray-900 outline-none"
        >
          {t("dashboard.outOfOffice.title")}
        </h2>
        <Button onClick={() => setEditing({ mode: "new" })}>
          {t("dashboard.outOfOffice.add")}
        </Button>
      </div>
      <p className="text-sm text-gray-700">{t("dashboard.outOfOffice.description")}</p>
      <QueryStatus queries={[query]} />
      {query.data && periods.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.outOfOffice.none")}</p>
      ) : null}
      {periods.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {periods.map((period) => (
            <PeriodRow
              key={period.id}
              period={period}
              onEdit={() => setEditing({ mode: "edit", period })}
              onDelete={() => setDeleting(period)}
            />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t("dashboard.outOfOffice.deleteTitle")}
        message={t("dashboard.outOfOffice.deleteMessage")}
        confirmLabel={t("dashboard.common.delete")}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        fallbackFocus={headingRef}
      />
      {editing && query.data ? (
        <PeriodDialog
          period={editing.mode === "edit" ? editing.period : null}
          colleagues={query.data.colleagues}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function PeriodRow({
  period,
  onEdit,
  onDelete,
}: {
  period: OutOfOfficeResponse;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const range = useDateRange(period.startDate, period.endDate);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 p-3">
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-semibold text-gray-900">{range}</span>
        {period.colleague ? (
          <span className="text-gray-700">
            {t("dashboard.outOfOffice.colleagueIs")} <UserText>{period.colleague.name}</UserText>
          </span>
        ) : null}
        {period.note ? (
          <UserText as="span" className="text-gray-700">
            {period.note}
          </UserText>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onEdit}>
          {t("dashboard.common.edit")}
          <span className="sr-only"> {range}</span>
        </Button>
        <Button variant="secondary" onClick={onDelete}>
          {t("dashboard.outOfOffice.delete")}
          <span className="sr-only"> {range}</span>
        </Button>
      </div>
    </li>
  );
}

/** "1 – 3 March 2027" in the page language; dates are host-local days, shown as such. */
function useDateRange(startDate: string, endDate: string): string {
  const format = useFormatters();
  const dateFormat = new Intl.DateTimeFormat(format.locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const start = new Date(`${startDate}T12:00:00Z`);
  if (startDate === endDate) return dateFormat.format(start);
  return dateFormat.formatRange(start, new Date(`${endDate}T12:00:00Z`));
}

function PeriodDialog({
  period,
  colleagues,
  onClose,
}: {
  period: OutOfOfficeResponse | null;
  colleagues: OutOfOfficeColleague[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [startDate, setStartDate] = useState(period?.startDate ?? "");
  const [endDate, setEndDate] = useState(period?.endDate ?? "");
  const [note, setNote] = useState(period?.note ?? "");
  const [colleagueId, setColleagueId] = useState(period?.colleague?.id ?? "");
  const save = useMutation({
    mutationFn: () => {
      const fields = { startDate, endDate, note, colleagueId: colleagueId || null };
      return period === null
        ? dashboardApi.createOutOfOffice(fields)
        : dashboardApi.updateOutOfOffice(period.id, fields);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.outOfOffice() });
      onClose();
    },
  });
  const fieldErrors = fieldErrorsOf(save.error);
  const shown = ["startDate", "endDate", "note", "colleagueId"];
  const otherError =
    save.error && !shown.some((field) => fieldErrors[field])
      ? errorMessage(save.error, t)
      : undefined;
  // A colleague named before who has since left the host's teams stays choosable as it was.
  const choices = [...colleagues];
  if (period?.colleague && !choices.some((c) => c.id === period.colleague?.id)) {
    choices.push(period.colleague);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(
        period === null ? "dashboard.outOfOffice.addTitle" : "dashboard.outOfOffice.editTitle",
      )}
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          type="date"
          label={t("dashboard.outOfOffice.startDate")}
          value={startDate}
          required
          onChange={(event) => {
            setStartDate(event.target.value);
            if (endDate === "" || endDate < event.target.value) setEndDate(event.target.value);
          }}
          errors={fieldErrors.startDate}
        />
        <TextField
          type="date"
          label={t("dashboard.outOfOffice.endDate")}
          hint={t("dashboard.outOfOffice.endDateHint")}
          value={endDate}
          min={startDate || undefined}
          required
          onChange={(event) => setEndDate(event.target.value)}
          errors={fieldErrors.endDate}
        />
        <SelectField
          label={t("dashboard.outOfOffice.colleague")}
          hint={
            colleagues.length === 0
              ? t("dashboard.outOfOffice.noColleagues")
              : t("dashboard.outOfOffice.colleagueHint")
          }
          value={colleagueId}
          onChange={(event) => setColleagueId(event.target.value)}
          options={[
            { value: "", label: t("dashboard.outOfOffice.noColleague") },
            ...choices.map((colleague) => ({ value: colleague.id, label: colleague.name })),
          ]}
          errors={fieldErrors.colleagueId}
        />
        <TextField
          label={t("dashboard.outOfOffice.note")}
          hint={t("dashboard.outOfOffice.noteHint")}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          errors={fieldErrors.note}
        />
        <Alert message={otherError} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("dashboard.common.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t("dashboard.outOfOffice.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

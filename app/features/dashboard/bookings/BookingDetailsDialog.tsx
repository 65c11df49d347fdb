import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MAX } from "../../../../core/eventTypes/eventTypeSchema";
import { intlLocale } from "../../../../core/i18n/intlLocale";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { buttonClassName } from "../../../components/buttonClassName";
import { CheckboxField } from "../../../components/CheckboxField";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { isolateText, UserText } from "../../../components/UserText";
import { publicUrl } from "../../../lib/publicUrl";
import { notify } from "../../../state/appState";
import { formatPrice } from "../../booking/formatters";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys, eventTypeQuery, teamsQuery } from "../api/dashboardQueries";
import type { Attendee, Booking } from "../api/types";
import { CopyButton } from "../ui/CopyButton";
import { Dialog } from "../ui/Dialog";
import { useFormatters } from "../ui/useFormatters";

interface BookingDetailsDialogProps {
  booking: Booking;
  onClose: () => void;
}

function answerText(
  value: unknown,
  t: (key: "dashboard.common.yes" | "dashboard.common.no") => string,
) {
  if (typeof value === "boolean")
    return value ? t("dashboard.common.yes") : t("dashboard.common.no");
  if (Array.isArray(value)) return value.join(", ");
  return String(value ?? "");
}

/** One booking: when, where, who (every attendee with their answers) and what the host can do. */
export function BookingDetailsDialog({ booking, onClose }: BookingDetailsDialogProps) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const eventType = useQuery({ ...eventTypeQuery(booking.eventType.id), retry: false });
  const teams = useQuery(teamsQuery());
  const [mode, setMode] = useState<"details" | "cancel" | "move" | "decline">("details");
  const [reason, setReason] = useState("");
  const [following, setFollowing] = useState(false);
  const [newHost, setNewHost] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.bookings() });
  const cancel = useMutation({
    mutationFn: () => dashboardApi.cancelBooking(booking.uuid, reason, following),
    onSuccess: async () => {
      notify(t("dashboard.bookings.cancelled"));
      await refresh();
      onClose();
    },
  });
  const refund = useMutation({
    mutationFn: () => dashboardApi.refundBooking(booking.uuid),
    onSuccess: async () => {
      notify(t("dashboard.bookings.refundQueued"));
      await refresh();
    },
  });
  const money = (amount: number, currency: string) =>
    formatPrice(amount, currency, intlLocale(i18n.language));
  const refundable = booking.payments.some(
    (p) => (p.status === "PAID" || p.status === "REFUNDED") && p.amount > p.refunded,
  );
  const approve = useMutation({
    mutationFn: () => dashboardApi.approveBooking(booking.uuid),
    onSuccess: async () => {
      notify(t("dashboard.bookings.approved"));
      await refresh();
      onClose();
    },
  });
  const decline = useMutation({
    mutationFn: () => dashboardApi.declineBooking(booking.uuid, reason),
    onSuccess: async () => {
      notify(t("dashboard.bookings.declined"));
      await refresh();
      onClose();
    },
  });
  const move = useMutation({
    mutationFn: () => dashboardApi.moveRoundRobin(booking.uuid, newHost),
    onSuccess: async () => {
      notify(t("dashboard.bookings.moved"));
      await refresh();
      onClose();
    },
  });

  const questions = new Map((eventType.data?.questions ?? []).map((q) => [q.id, q.label]));
  const active = booking.status !== "CANCELLED" && Date.parse(booking.end) > Date.now();
  const rescheduleUrl = `${publicUrl()}/reschedule/by-host/${booking.uuid}`;
  const members = new Map(
    teams.data?.flatMap((team) => team.members.map((m) => [m.userId, m.name])) ?? [],
  );
  const currentHosts = new Set(booking.hosts.map((h) => h.id));
  const otherHosts = (eventType.data?.hosts ?? []).filter((h) => !currentHosts.has(h.userId));
  const isGroup = booking.eventType.kind === "GROUP";

  const paymentLine = (a: Attendee) => {
    const payment = booking.payments.find((p) => p.attendeeUuid === a.uuid);
    if (!payment) return null;
    return (
      <p className="text-sm text-gray-700">
        {t(`dashboard.bookings.payment.${payment.status}`, {
          amount: money(payment.amount, payment.currency),
          refunded: money(payment.refunded, payment.currency),
        })}
      </p>
    );
  };

  const attendee = (a: Attendee) => (
    <li key={a.uuid} className="flex flex-col gap-1 rounded-xl border border-gray-200 p-3">
      {paymentLine(a)}
      <p className="font-semibold text-gray-900">
        <bdi>{a.name}</bdi>{" "}
        {a.status === "CANCELLED" ? (
          <span className="text-sm font-normal text-gray-600">
            ({t("dashboard.bookings.status.CANCELLED")})
          </span>
        ) : null}
      </p>
      <p className="text-sm break-all text-gray-700">
        <a href={`mailto:${a.email}`} className="underline">
          {a.email}
        </a>
        {a.phone ? (
          <>
            {" "}
            · <bdi>{a.phone}</bdi>
          </>
        ) : null}
      </p>
      <p className="text-sm text-gray-600">
        {t("dashboard.bookings.inviteeZone", { zone: a.timeZone.replaceAll("_", " ") })}
      </p>
      {a.guests.length > 0 ? (
        <p className="text-sm text-gray-700">
          {t("dashboard.bookings.guests", { guests: a.guests.map(isolateText).join(", ") })}
        </p>
      ) : null}
      {Object.keys(a.answers).length > 0 ? (
        <dl className="mt-1 flex flex-col gap-1 text-sm">
          {Object.entries(a.answers).map(([id, value]) => (
            <div key={id}>
              <dt className="font-semibold text-gray-800">
                <UserText>{questions.get(id) ?? id}</UserText>
              </dt>
              <UserText as="dd" className="whitespace-pre-wrap text-gray-700">
                {answerText(value, t)}
              </UserText>
            </div>
          ))}
        </dl>
      ) : null}
      {a.cancellationReason ? (
        <p className="text-sm text-gray-700">
          {t("dashboard.bookings.reason", { reason: isolateText(a.cancellationReason) })}
        </p>
      ) : null}
    </li>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={isolateText(booking.title)}
      description={`${format.longDate(booking.start)}, ${format.timeRange(booking.start, booking.end)}`}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-gray-800">{t("dashboard.bookings.statusLabel")}</dt>
        <dd>{t(`dashboard.bookings.status.${booking.status}`)}</dd>
        {booking.calendarChange && booking.status === "CONFIRMED" ? (
          <p className="col-span-2 rounded-lg bg-amber-50 p-3 text-amber-900">
            <strong>{t(`dashboard.bookings.calendarChange.${booking.calendarChange}`)}</strong>{" "}
            {t(`dashboard.bookings.calendarChange.${booking.calendarChange}_hint`)}
          </p>
        ) : null}
        <dt className="font-semibold text-gray-800">{t("dashboard.bookings.location")}</dt>
        <dd className="break-all">
          {booking.location ? (
            <BookedLocation
              location={booking.location}
              cancelled={booking.status === "CANCELLED"}
            />
          ) : (
            t("dashboard.bookings.noLocation")
          )}
        </dd>
        <dt className="font-semibold text-gray-800">{t("dashboard.bookings.hosts")}</dt>
        <dd>{booking.hosts.map((h) => isolateText(h.name)).join(", ")}</dd>
        {booking.cancellationReason ? (
          <>
            <dt className="font-semibold text-gray-800">{t("dashboard.bookings.cancelReason")}</dt>
            <UserText as="dd">{booking.cancellationReason}</UserText>
          </>
        ) : null}
        {booking.rescheduleReason ? (
          <>
            <dt className="font-semibold text-gray-800">
              {t("dashboard.bookings.rescheduleReason")}
            </dt>
            <dd>{booking.rescheduleReason}</dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="attendees-heading" className="flex flex-col gap-2">
        <h3 id="attendees-heading" className="font-semibold text-gray-900">
          {isGroup
            ? t("dashboard.bookings.attendeeCount", {
                count: booking.attendees.filter((a) => a.status === "CONFIRMED").length,
              })
            : t("dashboard.bookings.invitee")}
        </h3>
        <ul className="flex flex-col gap-2">{booking.attendees.map(attendee)}</ul>
      </section>

      {active && mode === "details" ? (
        <div className="flex flex-col gap-2 border-t border-gray-200 pt-4">
          <h3 className="font-semibold text-gray-900">{t("dashboard.bookings.actions")}</h3>
          <div className="flex flex-wrap gap-2">
            {/* An occurrence of a series moves alone; the others stay. */}
            <a
              href={rescheduleUrl}
              target="_blank"
              rel="noreferrer"
              className={buttonClassName("secondary")}
            >
              {t("dashboard.bookings.reschedule")}
              <span className="sr-only"> {t("dashboard.common.opensInNewTab")}</span>
            </a>
            <CopyButton text={rescheduleUrl} label={t("dashboard.bookings.copyReschedule")} />
            {booking.eventType.kind === "ROUND_ROBIN" && otherHosts.length > 0 ? (
              <Button variant="secondary" onClick={() => setMode("move")}>
                {t("dashboard.bookings.move")}
              </Button>
            ) : null}
            {refundable ? (
              <Button
                variant="secondary"
                disabled={refund.isPending}
                onClick={() => refund.mutate()}
              >
                {t("dashboard.bookings.refund")}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setMode("cancel")}>
              {t("dashboard.bookings.cancel")}
            </Button>
          </div>
          <Alert message={refund.error ? errorMessage(refund.error, t) : undefined} />
        </div>
      ) : null}

      {booking.status === "PENDING_APPROVAL" && active && mode === "details" ? (
        <div className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3">
          <h3 className="font-semibold text-gray-900">{t("dashboard.bookings.approvalTitle")}</h3>
          <p className="text-sm text-gray-800">{t("dashboard.bookings.approvalHint")}</p>
          <Alert message={approve.error ? errorMessage(approve.error, t) : undefined} />
          <div className="flex flex-wrap gap-2">
            <Button disabled={approve.isPending} onClick={() => approve.mutate()}>
              {t("dashboard.bookings.approve")}
            </Button>
            <Button variant="secondary" onClick={() => setMode("decline")}>
              {t("dashboard.bookings.decline")}
            </Button>
          </div>
        </div>
      ) : null}

      {mode === "decline" ? (
        <form
          noValidate
          className="flex flex-col gap-3 border-t border-gray-200 pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            decline.mutate();
          }}
        >
          <TextAreaField
            label={t("dashboard.bookings.declineReasonLabel")}
            hint={t("dashboard.bookings.cancelReasonHint", { max: REASON_MAX })}
            value={reason}
            maxLength={REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
          <Alert message={decline.error ? errorMessage(decline.error, t) : undefined} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode("details")}>
              {t("dashboard.common.back")}
            </Button>
            <Button type="submit" disabled={decline.isPending}>
              {t("dashboard.bookings.confirmDecline")}
            </Button>
          </div>
        </form>
      ) : null}

      {mode === "cancel" ? (
        <form
          noValidate
          className="flex flex-col gap-3 border-t border-gray-200 pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate();
          }}
        >
          <TextAreaField
            label={t("dashboard.bookings.cancelReasonLabel")}
            hint={t("dashboard.bookings.cancelReasonHint", { max: REASON_MAX })}
            value={reason}
            maxLength={REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
          {booking.seriesId !== null ? (
            <CheckboxField
              label={t("dashboard.bookings.cancelFollowing")}
              checked={following}
              onChange={setFollowing}
            />
          ) : null}
          <Alert message={cancel.error ? errorMessage(cancel.error, t) : undefined} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode("details")}>
              {t("dashboard.common.back")}
            </Button>
            <button
              type="submit"
              disabled={cancel.isPending}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {t("dashboard.bookings.confirmCancel")}
            </button>
          </div>
        </form>
      ) : null}

      {mode === "move" ? (
        <form
          className="flex flex-col gap-3 border-t border-gray-200 pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (newHost) move.mutate();
          }}
        >
          <SelectField
            label={t("dashboard.bookings.newHost")}
            value={newHost}
            onChange={(event) => setNewHost(event.target.value)}
            options={[
              { value: "", label: t("dashboard.bookings.chooseHost") },
              ...otherHosts.map((h) => ({
                value: h.userId,
                label: members.get(h.userId) ?? h.userId,
              })),
            ]}
          />
          <Alert message={move.error ? errorMessage(move.error, t) : undefined} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode("details")}>
              {t("dashboard.common.back")}
            </Button>
            <Button type="submit" disabled={!newHost || move.isPending}>
              {t("dashboard.bookings.confirmMove")}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}

/** A booking's place: its kind, and its detail; a join link is a link while the meeting is on. */
function BookedLocation({
  location,
  cancelled,
}: {
  location: { type: string; value?: string | null | undefined };
  cancelled: boolean;
}) {
  const { t } = useTranslation();
  const kind = t(`dashboard.locations.types.${location.type as "ZOOM"}`, location.type);
  const { value } = location;
  if (!value) return kind;
  const joinLink = /^https?:\/\//i.test(value) && !cancelled;
  return (
    <>
      {kind}:{" "}
      {joinLink ? (
        <a
          href={value}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline"
        >
          <UserText>{value}</UserText>
        </a>
      ) : (
        <UserText>{value}</UserText>
      )}
    </>
  );
}

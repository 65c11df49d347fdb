import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { buttonClassName } from "../../../components/buttonClassName";
import { CheckboxField } from "../../../components/CheckboxField";
import { CopyButton } from "../../../components/CopyButton";
import { Dialog } from "../../../components/Dialog";
import { isolateText, UserText } from "../../../components/UserText";
import { publicUrl } from "../../../lib/publicUrl";
import { useAppState } from "../../../state/appState";
import { eventTypeQuery, teamsQuery } from "../api/dashboardQueries";
import type { Booking } from "../api/types";
import { useFormatters } from "../useFormatters";
import { AttendeeCard } from "./AttendeeCard";
import { BookedLocation } from "./BookedLocation";
import { bookingActions, noShowMarkable } from "./bookingActions";
import { MoveHostForm } from "./MoveHostForm";
import { ReasonForm } from "./ReasonForm";
import { useBookingDetails } from "./useBookingDetails";

interface BookingDetailsDialogProps {
  booking: Booking;
  onClose: () => void;
}

/** One booking: when, where, who (every attendee with their answers) and what the host can do. */
export function BookingDetailsDialog({ booking, onClose }: BookingDetailsDialogProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const now = useAppState((state) => state.serverDate);
  const eventType = useQuery({ ...eventTypeQuery(booking.eventType.id), retry: false });
  const teams = useQuery(teamsQuery());
  const details = useBookingDetails(booking, onClose);
  const { mode, setMode, cancel, refund, approve, decline, move, noShow } = details;

  const questions = new Map((eventType.data?.questions ?? []).map((q) => [q.id, q.label]));
  const rescheduleUrl = `${publicUrl()}/reschedule/by-host/${booking.uuid}`;
  const members = new Map(
    teams.data?.flatMap((team) => team.members.map((m) => [m.userId, m.name])) ?? [],
  );
  const currentHosts = new Set(booking.hosts.map((h) => h.id));
  const otherHosts = (eventType.data?.hosts ?? []).filter((h) => !currentHosts.has(h.userId));
  const actions = bookingActions(booking, otherHosts.length, now);
  const isGroup = booking.eventType.kind === "GROUP";

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
        <ul className="flex flex-col gap-2">
          {booking.attendees.map((attendee) => (
            <AttendeeCard
              key={attendee.uuid}
              attendee={attendee}
              payment={booking.payments.find((p) => p.attendeeUuid === attendee.uuid)}
              questions={questions}
              onNoShow={
                noShowMarkable(booking, attendee, now)
                  ? (mark) => noShow.mutate({ attendee, mark })
                  : undefined
              }
              noShowPending={noShow.isPending && noShow.variables?.attendee.uuid === attendee.uuid}
            />
          ))}
        </ul>
        {/* Mounted before its message, so that screen readers announce the message. */}
        <p role="status" className="sr-only">
          {details.announcement}
        </p>
        <Alert message={noShow.error ? errorMessage(noShow.error, t) : undefined} />
      </section>

      {actions.active && mode === "details" ? (
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
            {actions.move ? (
              <Button variant="secondary" onClick={() => setMode("move")}>
                {t("dashboard.bookings.move")}
              </Button>
            ) : null}
            {actions.refund ? (
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

      {actions.answerRequest && mode === "details" ? (
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
        <ReasonForm
          label={t("dashboard.bookings.declineReasonLabel")}
          reason={details.reason}
          onReason={details.setReason}
          submit={{ label: t("dashboard.bookings.confirmDecline") }}
          pending={decline.isPending}
          error={decline.error}
          onSubmit={() => decline.mutate()}
          onBack={() => setMode("details")}
        />
      ) : null}

      {mode === "cancel" ? (
        <ReasonForm
          label={t("dashboard.bookings.cancelReasonLabel")}
          reason={details.reason}
          onReason={details.setReason}
          submit={{ label: t("dashboard.bookings.confirmCancel"), danger: true }}
          pending={cancel.isPending}
          error={cancel.error}
          onSubmit={() => cancel.mutate()}
          onBack={() => setMode("details")}
        >
          {booking.seriesId !== null ? (
            <CheckboxField
              label={t("dashboard.bookings.cancelFollowing")}
              checked={details.following}
              onChange={details.setFollowing}
            />
          ) : null}
        </ReasonForm>
      ) : null}

      {mode === "move" ? (
        <MoveHostForm
          hosts={otherHosts.map((h) => ({
            value: h.userId,
            label: members.get(h.userId) ?? h.userId,
          }))}
          host={details.newHost}
          onHost={details.setNewHost}
          pending={move.isPending}
          error={move.error}
          onSubmit={() => move.mutate()}
          onBack={() => setMode("details")}
        />
      ) : null}
    </Dialog>
  );
}

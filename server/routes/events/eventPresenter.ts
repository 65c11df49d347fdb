import type {
  BookedEvent,
  BookingAction,
  BookingAnswer,
  EventViewResponse,
  InviteeResponse,
  PublicHostResponse,
} from "../../../core/api/events";
import { calendarLinks } from "../../../core/booking/calendarLinks";
import { inviteeChangeDeadline } from "../../../core/booking/inviteeChangeRule";
import { eventTypePath } from "../../../core/eventTypes/eventTypePath";
import type { CreatedBooking } from "../../commands/bookingCreator";
import type { AttendeeRow, EventRow, EventView, HostUser } from "../../data/bookings";
import type { EventTypeRow } from "../../data/eventTypes";
import { cancelUrl, rescheduleUrl } from "../../mail/bookingMails";

export function presentPublicHost(host: HostUser): PublicHostResponse {
  return {
    name: host.name,
    username: host.username,
    avatarUrl: host.avatarUploadId ? `/api/uploads/${host.avatarUploadId}` : null,
    timeZone: host.timeZone,
  };
}

export function presentBookedEvent(event: EventRow, hosts: readonly HostUser[]): BookedEvent {
  return {
    uuid: event.id,
    title: event.title,
    start: event.startAt.toISOString(),
    end: event.endAt.toISOString(),
    status: event.status,
    hosts: hosts.map((h) => ({ name: h.name, username: h.username })),
    location: event.location,
  };
}

/** The spec's action response: where the confirmation page sends the invitee, after a countdown. */
export function presentAction(
  type: Pick<EventTypeRow, "redirectUrl" | "redirectSeconds">,
): BookingAction | undefined {
  return type.redirectUrl
    ? { actionType: "URL" as const, url: type.redirectUrl, seconds: type.redirectSeconds ?? 0 }
    : undefined;
}

export function presentBooking(
  booked: {
    event: EventRow;
    hosts: readonly HostUser[];
    attendee: { id: string; cancelToken: string };
    payment?: CreatedBooking["payment"];
    series?: CreatedBooking["series"];
  },
  type: Pick<EventTypeRow, "redirectUrl" | "redirectSeconds">,
  publicUrl: string,
): BookingAnswer {
  const pending = booked.event.status === "PENDING_PAYMENT";
  const action = pending ? undefined : presentAction(type);
  const payment = booked.payment;
  return {
    event: {
      ...presentBookedEvent(booked.event, booked.hosts),
      ...(payment
        ? {
            payment: {
              gateway: payment.gateway,
              paymentIntent: payment.paymentId,
              clientSecret: payment.clientSecret,
              publishableKey: payment.publishableKey,
              amount: payment.amount,
              currency: payment.currency,
              expiresAt: payment.expiresAt.toISOString(),
            },
          }
        : {}),
    },
    attendee: {
      uuid: booked.attendee.id,
      token: booked.attendee.cancelToken,
      cancelUrl: cancelUrl(publicUrl, booked.attendee),
      rescheduleUrl: rescheduleUrl(publicUrl, booked.attendee),
    },
    ...(action ? { action } : {}),
    ...(pending ? { checkout: true } : {}),
    ...(booked.series
      ? {
          series: {
            id: booked.series.id,
            occurrences: booked.series.occurrences.map(({ event, attendee }) => ({
              uuid: event.id,
              start: event.startAt.toISOString(),
              end: event.endAt.toISOString(),
              attendee: attendee.id,
            })),
          },
        }
      : {}),
  };
}

/** What a confirmation, cancel or reschedule page shows of an event; nothing private. */
export function presentEventView(view: EventView, publicUrl: string): EventViewResponse {
  const { event, eventType, hosts, former } = view;
  const location = event.location;
  const entry = {
    title: event.title,
    description: eventType.description,
    location: location?.value ?? location?.type ?? "",
    start: event.startAt.getTime(),
    end: event.endAt.getTime(),
  };
  return {
    uuid: event.id,
    title: event.title,
    start: event.startAt.toISOString(),
    end: event.endAt.toISOString(),
    status: event.status,
    location,
    hosts: hosts.map(presentPublicHost),
    formerTime: former
      ? { start: former.startAt.toISOString(), end: former.endAt.toISOString() }
      : null,
    rescheduleReason: event.rescheduleReason,
    cancellationReason: event.cancellationReason,
    cancelledAt: event.cancelledAt?.toISOString() ?? null,
    eventType: {
      kind: eventType.kind,
      title: eventType.title,
      slug: eventType.slug,
      description: eventType.description,
      lockTimeZone: eventType.lockTimeZone,
      path: eventType.active ? eventTypePath(eventType, view.ownerSlug) : null,
    },
    seats:
      eventType.kind === "GROUP" && eventType.seats !== null
        ? { total: eventType.seats, taken: view.seatsTaken }
        : null,
    series:
      event.seriesId !== null && view.series !== null
        ? {
            id: event.seriesId,
            occurrences: view.series.map((o) => ({
              uuid: o.id,
              start: o.startAt.toISOString(),
              end: o.endAt.toISOString(),
              status: o.status,
            })),
          }
        : null,
    inviteeChanges: {
      cancelUntil: isoOrNull(
        inviteeChangeDeadline(
          { allowed: eventType.allowCancel, noticeMinutes: eventType.cancelNotice },
          entry.start,
        ),
      ),
      rescheduleUntil: isoOrNull(
        inviteeChangeDeadline(
          { allowed: eventType.allowReschedule, noticeMinutes: eventType.rescheduleNotice },
          entry.start,
        ),
      ),
    },
    calendarLinks: {
      ...calendarLinks(entry),
      ics: `${publicUrl}/api/event/uuid/${event.id}/ics`,
    },
  };
}

/** An attendee as they themselves see their booking. */
export function presentInvitee(attendee: AttendeeRow): InviteeResponse {
  return {
    uuid: attendee.id,
    status: attendee.status,
    name: attendee.name,
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    salutation: attendee.salutation,
    email: attendee.email,
    phone: attendee.phone,
    guests: attendee.guests,
    answers: attendee.answers,
    timeZone: attendee.timeZone,
    language: attendee.language,
    cancellationReason: attendee.cancellationReason,
    noShowAt: attendee.noShowAt?.toISOString() ?? null,
  };
}

const isoOrNull = (instant: number | null) =>
  instant === null ? null : new Date(instant).toISOString();

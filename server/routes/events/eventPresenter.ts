import { z } from "zod";
import { calendarLinks } from "../../../core/booking/calendarLinks";
import type { AttendeeRow, EventRow, EventView, HostUser } from "../../data/bookings";
import type { EventTypeRow } from "../../data/eventTypes";
import { cancelUrl, rescheduleUrl } from "../../mail/bookingMails";

/** A host as invitees see them: the public profile only. */
export const publicHostSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  timeZone: z.string(),
});

export function presentPublicHost(host: HostUser) {
  return {
    name: host.name,
    username: host.username,
    avatarUrl: host.avatarUploadId ? `/api/uploads/${host.avatarUploadId}` : null,
    timeZone: host.timeZone,
  };
}

const locationSchema = z.object({ type: z.string(), value: z.string().optional() }).nullable();

/** The event in the answer of `POST /api/event`. */
export const bookedEventSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(["PENDING_PAYMENT", "CONFIRMED", "CANCELLED"]),
  hosts: z.array(z.object({ name: z.string(), username: z.string() })),
  location: locationSchema,
});

export function presentBookedEvent(event: EventRow, hosts: readonly HostUser[]) {
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
export const actionSchema = z.object({
  actionType: z.enum(["URL", "EVENT_TYPE"]),
  url: z.string(),
  seconds: z.number(),
});

export function presentAction(type: Pick<EventTypeRow, "redirectUrl" | "redirectSeconds">) {
  return type.redirectUrl
    ? { actionType: "URL" as const, url: type.redirectUrl, seconds: type.redirectSeconds ?? 0 }
    : undefined;
}

/** `POST /api/event` and reschedule answers. */
export const bookingResponseSchema = z.object({
  event: bookedEventSchema,
  /**
   * The invitee's own cancel and reschedule links, as in their mail, for the confirmation
   * page, and their secret: it proves them on the invitee read and on taking back a booking
   * awaiting payment.
   */
  attendee: z.object({
    uuid: z.uuid(),
    token: z.string(),
    cancelUrl: z.string(),
    rescheduleUrl: z.string(),
  }),
  action: actionSchema.optional(),
  checkout: z.boolean().optional(),
});

export function presentBooking(
  booked: {
    event: EventRow;
    hosts: readonly HostUser[];
    attendee: { id: string; cancelToken: string };
  },
  type: Pick<EventTypeRow, "redirectUrl" | "redirectSeconds">,
  publicUrl: string,
) {
  const pending = booked.event.status === "PENDING_PAYMENT";
  const action = pending ? undefined : presentAction(type);
  return {
    event: presentBookedEvent(booked.event, booked.hosts),
    attendee: {
      uuid: booked.attendee.id,
      token: booked.attendee.cancelToken,
      cancelUrl: cancelUrl(publicUrl, booked.attendee),
      rescheduleUrl: rescheduleUrl(publicUrl, booked.attendee),
    },
    ...(action ? { action } : {}),
    ...(pending ? { checkout: true } : {}),
  };
}

/** What a confirmation, cancel or reschedule page shows of an event; nothing private. */
export const eventViewSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(["PENDING_PAYMENT", "CONFIRMED", "CANCELLED"]),
  location: locationSchema,
  hosts: z.array(publicHostSchema),
  formerTime: z.object({ start: z.string(), end: z.string() }).nullable(),
  rescheduleReason: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  eventType: z.object({
    kind: z.string(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    lockTimeZone: z.boolean(),
  }),
  seats: z.object({ total: z.number(), taken: z.number() }).nullable(),
  calendarLinks: z.object({
    google: z.string(),
    outlook: z.string(),
    office365: z.string(),
    ics: z.string(),
  }),
});

export function presentEventView(view: EventView, publicUrl: string) {
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
    eventType: {
      kind: eventType.kind,
      title: eventType.title,
      slug: eventType.slug,
      description: eventType.description,
      lockTimeZone: eventType.lockTimeZone,
    },
    seats:
      eventType.kind === "GROUP" && eventType.seats !== null
        ? { total: eventType.seats, taken: view.seatsTaken }
        : null,
    calendarLinks: {
      ...calendarLinks(entry),
      ics: `${publicUrl}/api/event/uuid/${event.id}/ics`,
    },
  };
}

/** An attendee as they themselves see their booking. */
export const inviteeSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(["CONFIRMED", "CANCELLED"]),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  salutation: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  guests: z.array(z.string()),
  answers: z.record(z.string(), z.unknown()),
  timeZone: z.string(),
  language: z.string(),
  cancellationReason: z.string().nullable(),
});

export function presentInvitee(attendee: AttendeeRow) {
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
  };
}

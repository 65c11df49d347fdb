import type { WebhookBooking } from "../api/webhooks";
import { localIsoTime } from "./localIsoTime";

/** What a booking event tells, as plain values read in the change's transaction. */
export interface BookingSnapshot {
  event: {
    id: string;
    status: WebhookBooking["status"];
    title: string;
    startAt: Date;
    endAt: Date;
    location: { type: string; value?: string | null } | null;
    rescheduleReason: string | null;
    cancellationReason: string | null;
  };
  eventType: { id: string; slug: string; title: string; kind: string; teamId: string | null };
  hosts: { id: string; name: string; email: string; timeZone: string }[];
  attendees: {
    id: string;
    status: "CONFIRMED" | "CANCELLED";
    name: string;
    email: string;
    phone: string | null;
    guests: string[];
    timeZone: string;
    language: string;
    answers: Record<string, unknown>;
    cancellationReason: string | null;
    /** Absent in snapshots that do not know it: not marked. */
    noShowAt?: Date | null;
  }[];
  payment: { amount: number; currency: string; status: string } | null;
  /** booking.rescheduled: the time the booking had before. */
  former: { startAt: Date; endAt: Date } | null;
  /** booking.reassigned: the hosts it had before. */
  formerHosts?: { id: string; name: string; email: string; timeZone: string }[] | null;
  /** booking.cancelled of a request: why it never became a booking. */
  requestRefused?: "declined" | "expired" | null;
}

const person = (host: { id: string; name: string; email: string; timeZone: string }) => ({
  id: host.id,
  name: host.name,
  email: host.email,
  timeZone: host.timeZone,
});

/**
 * The `booking` of a webhook body: UTC instants, and the times in the (first) invitee's zone
 * (each attendee's in their own). Throws nothing for the zones stored with bookings.
 */
export function bookingPayload(snapshot: BookingSnapshot): WebhookBooking {
  const { event, eventType } = snapshot;
  const start = event.startAt.getTime();
  const end = event.endAt.getTime();
  const first = snapshot.attendees[0];
  const zone = first?.timeZone ?? snapshot.hosts[0]?.timeZone ?? "UTC";
  return {
    uuid: event.id,
    status: event.status,
    title: event.title,
    start: event.startAt.toISOString(),
    end: event.endAt.toISOString(),
    timeZone: zone,
    startLocal: localIsoTime(zone, start),
    endLocal: localIsoTime(zone, end),
    eventType: { ...eventType },
    hosts: snapshot.hosts.map(person),
    attendees: snapshot.attendees.map((attendee) => ({
      uuid: attendee.id,
      status: attendee.status,
      name: attendee.name,
      email: attendee.email,
      phone: attendee.phone,
      guests: [...attendee.guests],
      timeZone: attendee.timeZone,
      language: attendee.language,
      answers: { ...attendee.answers },
      noShowAt: attendee.noShowAt?.toISOString() ?? null,
      startLocal: localIsoTime(attendee.timeZone, start),
      endLocal: localIsoTime(attendee.timeZone, end),
    })),
    location:
      event.location === null
        ? null
        : { type: event.location.type, value: event.location.value ?? null },
    answers: { ...(first?.answers ?? {}) },
    payment: snapshot.payment === null ? null : { ...snapshot.payment },
    rescheduledFrom:
      snapshot.former === null
        ? null
        : {
            start: snapshot.former.startAt.toISOString(),
            end: snapshot.former.endAt.toISOString(),
          },
    reassignedFrom: snapshot.formerHosts ? { hosts: snapshot.formerHosts.map(person) } : null,
    requestRefused: snapshot.requestRefused ?? null,
    rescheduleReason: event.rescheduleReason,
    cancellationReason: event.cancellationReason ?? first?.cancellationReason ?? null,
  };
}

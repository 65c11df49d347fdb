import { bookingRequestSchema, eventTypeLinkOf } from "../../core/booking/bookingRequestSchema";
import { validateBookingRequest } from "../../core/booking/validateBookingRequest";
import { resolveEventReference } from "../availability/resolveEventReference";
import { resolvePublicEventType } from "../availability/resolvePublicEventType";
import { type BookingContext, bookingCreator } from "../commands/bookingCreator";
import { BOOKING_NOW, bookingBody } from "./bookingFactories";
import type { TestApp } from "./testApp";

/** What the booking commands get from a route, for calling them directly; at BOOKING_NOW. */
export function commandContext(t: TestApp, overrides: Partial<BookingContext> = {}) {
  return {
    db: t.database.db,
    publicUrl: t.deps.config.publicUrl,
    secret: t.deps.config.sessionSecret,
    now: BOOKING_NOW,
    payments: null,
    ...overrides,
  };
}

/** A valid booking request on `link` (as POST /api/event would pass it), resolved and checked. */
export async function bookingInput(
  t: TestApp,
  link: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  const request = bookingRequestSchema.parse(bookingBody(link, overrides));
  const target = await resolvePublicEventType(t.database.db, eventTypeLinkOf(request)!);
  const details = validateBookingRequest(target.eventType, { ...request, language: "en" });
  return { target, details, emailCode: request.emailCode };
}

/** Books on `link` by calling bookingCreator directly (not through HTTP). */
export async function bookDirectly(
  t: TestApp,
  link: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
  context: Partial<BookingContext> = {},
) {
  const { target, details, emailCode } = await bookingInput(t, link, overrides);
  return bookingCreator(commandContext(t, context), target, details, emailCode);
}

/** The event (or an attendee's booking) as the reschedule commands get it. */
export function resolvedEvent(t: TestApp, ref: { eventUuid: string } | { attendeeUuid: string }) {
  return resolveEventReference(t.database.db, ref);
}

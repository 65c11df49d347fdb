import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { canonicalTimeZone } from "../time/canonicalTimeZone";
import { daysBetween, isLocalDate } from "../time/localDate";

/** The longest window one timetable call computes, in days (two months and a day or two). */
export const MAX_WINDOW_DAYS = 62;

// Dates outside this range are certainly mistakes, and far years are slow or unsupported in Temporal.
const EARLIEST_DATE = "1970-01-01";
const LATEST_DATE = "2199-12-31";

const required = issueMessage("general.required");

// Overlong references are refused here; unknown ones of any sane length answer 404 later.
const referenceParam = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(1000, { error: issueMessage("general.tooLong") });

// canonicalTimeZone caches its answers, so checking the zone costs nothing after the first call.
function knownZone(zone: string): string | null {
  try {
    return canonicalTimeZone(zone);
  } catch {
    return null;
  }
}

const unknownTimeZone = issueMessage("time.unknownTimeZone");

/** An IANA zone, legacy names mapped to current ones (as core's timeZoneField, checked once). */
export const timeZoneParam = z
  .string()
  .trim()
  .max(64, { error: unknownTimeZone })
  .transform((zone, ctx) => {
    const canonical = knownZone(zone);
    if (canonical === null) {
      ctx.addIssue({ code: "custom", message: unknownTimeZone });
      return z.NEVER;
    }
    return canonical;
  });

const dateParam = z
  .string({ error: required })
  .refine(isLocalDate, { error: issueMessage("time.useExistingDate") })
  .refine((date) => date >= EARLIEST_DATE && date <= LATEST_DATE, {
    error: issueMessage("time.useDateBetween", { earliest: EARLIEST_DATE, latest: LATEST_DATE }),
  });

/** The parameters every timetable call takes (the spec's names, plus `timezone`). */
const windowShape = {
  start: dateParam,
  end: dateParam,
  check_first_available: z
    .enum(["true", "false", "1", "0"], { error: issueMessage("general.useTrueOrFalse") })
    .optional()
    .transform((flag) => flag === "true" || flag === "1"),
  duration: z
    .string()
    .regex(/^\d{1,4}$/, { error: issueMessage("time.expectedMinutes") })
    .transform(Number)
    .optional(),
  timezone: timeZoneParam.optional(),
};

const hostShape = {
  host_email: z.string().trim().max(254).optional(),
  host_slug: z.string().trim().max(100).optional(),
};

function checkWindow(query: { start: string; end: string }, ctx: z.RefinementCtx) {
  if (!isLocalDate(query.start) || !isLocalDate(query.end)) return;
  const days = daysBetween(query.start, query.end) + 1;
  if (days < 1) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      message: issueMessage("time.endBeforeStartDate"),
    });
  } else if (days > MAX_WINDOW_DAYS) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      message: issueMessage("time.windowTooLong", { count: MAX_WINDOW_DAYS }),
    });
  }
}

function requireHost(query: { host_email?: string; host_slug?: string }, ctx: z.RefinementCtx) {
  if (query.host_email === undefined && query.host_slug === undefined) {
    ctx.addIssue({ code: "custom", path: ["host_slug"], message: required });
  }
}

function requireEventOrAttendee(
  query: { eventUuid?: string; attendeeUuid?: string },
  ctx: z.RefinementCtx,
) {
  if (query.eventUuid === undefined && query.attendeeUuid === undefined) {
    ctx.addIssue({ code: "custom", path: ["attendeeUuid"], message: required });
  }
}

/** GET /api/timetable: a user's event type by username and slug. */
export const timetableQuery = z
  .object({
    userLink: referenceParam,
    eventTypeLink: referenceParam,
    ...windowShape,
    ...hostShape,
  })
  .superRefine(checkWindow);

/** GET /api/timetable-by-link: a single-use link. */
export const timetableByLinkQuery = z
  .object({ link: referenceParam, ...windowShape })
  .superRefine(checkWindow);

/** GET /api/timetable-by-shared-link: a team event type, optionally pinned to a host. */
export const timetableBySharedLinkQuery = z
  .object({ sharedLink: referenceParam, ...windowShape, ...hostShape })
  .superRefine(checkWindow);

/** GET /api/timetable-by-event: where an attendee (or the whole event) can move. */
export const timetableByEventQuery = z
  .object({
    eventUuid: referenceParam.optional(),
    attendeeUuid: referenceParam.optional(),
    ...windowShape,
  })
  .superRefine(checkWindow)
  .superRefine(requireEventOrAttendee);

/** GET /api/timetable-by-host-event: where one host of an event can move their part. */
export const timetableByHostEventQuery = z
  .object({ eventUuid: referenceParam, ...windowShape, ...hostShape })
  .superRefine(checkWindow)
  .superRefine(requireHost);

export const timetableSlotSchema = z.object({
  start: z.string().describe("ISO 8601 instant in UTC"),
  seatsLeft: z.number().int().optional().describe("GROUP event types only"),
});

/** The timetable response of DESIGN.md; which hosts could take a slot is never shown. */
export const timetableResponseSchema = z.object({
  timetable: z.array(
    z.object({
      date: z.string().describe("yyyy-MM-dd in the invitee's zone"),
      slots: z
        .record(z.string(), timetableSlotSchema)
        .describe(
          'Keyed "HH:mm" in the invitee\'s zone; the second reading of a repeated hour is keyed "HH:mm±hh:mm" (its UTC offset)',
        ),
    }),
  ),
  formerTime: z.string().nullable(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  isNotAvailable: z.boolean(),
  maximumDaysChecked: z.number().int(),
  outOfOffice: z
    .array(
      z.object({
        startDate: z
          .string()
          .describe(
            "yyyy-MM-dd in the timetable's zone: the first of the invitee's dates the host's away days touch",
          ),
        endDate: z.string().describe("yyyy-MM-dd, inclusive"),
        note: z.string().describe("The host's note to invitees; may be empty"),
        colleague: z
          .object({ name: z.string(), url: z.string().describe("The colleague's profile page") })
          .nullable(),
      }),
    )
    .optional()
    .describe(
      "ONE_ON_ONE only, when the host is out of office on dates near the window: no times are offered then, and a colleague's page may be",
    ),
});

export type TimetableSlotResponse = z.infer<typeof timetableSlotSchema>;
export type TimetableResponse = z.infer<typeof timetableResponseSchema>;
export type TimetableOutOfOffice = NonNullable<TimetableResponse["outOfOffice"]>[number];

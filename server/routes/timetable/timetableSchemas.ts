import { z } from "zod";
import { canonicalTimeZone } from "../../../core/time/canonicalTimeZone";
import { daysBetween, isLocalDate } from "../../../core/time/localDate";

/** The longest window one timetable call computes, in days (two months and a day or two). */
export const MAX_WINDOW_DAYS = 62;

// Dates outside this range are certainly mistakes, and far years are slow or unsupported in Temporal.
const EARLIEST_DATE = "1970-01-01";
const LATEST_DATE = "2199-12-31";

// Overlong references are refused here; unknown ones of any sane length answer 404 later.
const required = z
  .string({ error: "Required" })
  .trim()
  .min(1, { error: "Required" })
  .max(1000, { error: "Too long." });

// canonicalTimeZone caches its answers, so checking the zone costs nothing after the first call.
function knownZone(zone: string): string | null {
  try {
    return canonicalTimeZone(zone);
  } catch {
    return null;
  }
}

/** An IANA zone, legacy names mapped to current ones (as core's timeZoneField, checked once). */
const timeZoneParam = z
  .string()
  .trim()
  .max(64, { error: "Unknown time zone." })
  .transform((zone, ctx) => {
    const canonical = knownZone(zone);
    if (canonical === null) {
      ctx.addIssue({ code: "custom", message: "Unknown time zone." });
      return z.NEVER;
    }
    return canonical;
  });

const dateParam = z
  .string({ error: "Required" })
  .refine(isLocalDate, { error: "Use an existing date like 2026-11-23." })
  .refine((date) => date >= EARLIEST_DATE && date <= LATEST_DATE, {
    error: `Use a date between ${EARLIEST_DATE} and ${LATEST_DATE}.`,
  });

/** The parameters every timetable call takes (the spec's names, plus `timezone`). */
const windowShape = {
  start: dateParam,
  end: dateParam,
  check_first_available: z
    .enum(["true", "false", "1", "0"], { error: "Use true or false." })
    .optional()
    .transform((flag) => flag === "true" || flag === "1"),
  duration: z
    .string()
    .regex(/^\d{1,4}$/, { error: "Expected a number of minutes." })
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
      message: "The end date must not be before the start date.",
    });
  } else if (days > MAX_WINDOW_DAYS) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      message: `A timetable covers at most ${MAX_WINDOW_DAYS} days.`,
    });
  }
}

function requireHost(query: { host_email?: string; host_slug?: string }, ctx: z.RefinementCtx) {
  if (query.host_email === undefined && query.host_slug === undefined) {
    ctx.addIssue({ code: "custom", path: ["host_slug"], message: "Required" });
  }
}

function requireEventOrAttendee(
  query: { eventUuid?: string; attendeeUuid?: string },
  ctx: z.RefinementCtx,
) {
  if (query.eventUuid === undefined && query.attendeeUuid === undefined) {
    ctx.addIssue({ code: "custom", path: ["attendeeUuid"], message: "Required" });
  }
}

export const timetableQuery = z
  .object({
    userLink: required,
    eventTypeLink: required,
    ...windowShape,
    ...hostShape,
  })
  .superRefine(checkWindow);

export const timetableByLinkQuery = z
  .object({ link: required, ...windowShape })
  .superRefine(checkWindow);

export const timetableBySharedLinkQuery = z
  .object({ sharedLink: required, ...windowShape, ...hostShape })
  .superRefine(checkWindow);

export const timetableByEventQuery = z
  .object({
    eventUuid: required.optional(),
    attendeeUuid: required.optional(),
    ...windowShape,
  })
  .superRefine(checkWindow)
  .superRefine(requireEventOrAttendee);

export const timetableByHostEventQuery = z
  .object({ eventUuid: required, ...windowShape, ...hostShape })
  .superRefine(checkWindow)
  .superRefine(requireHost);

import { DomainError } from "../errors";
import { EVENT_KINDS as KINDS } from "../eventTypes/eventKinds";
import { type Message, message } from "../messages";
import { tryParseLocalDate } from "../time/localDate";
import type { AvailabilityInput } from "./types";

const isCount = (value: number) => Number.isInteger(value) && value >= 0;
const isPositive = (value: number) => Number.isFinite(value) && value > 0;
const isNonNegative = (value: number) => Number.isFinite(value) && value >= 0;

/**
 * Checks the numbers, dates and host counts of an availability input (zones and schedules are
 * checked where they are used); throws DomainError VALIDATION listing every bad field.
 */
export function assertAvailabilityInput(input: AvailabilityInput): void {
  const errors: Record<string, Message[]> = {};
  const fail = (field: string, reason: Message) => {
    errors[field] = [...(errors[field] ?? []), reason];
  };

  if (!Number.isFinite(input.now)) fail("now", message("time.expectedEpochInstant"));
  if (!KINDS.includes(input.kind))
    fail("kind", message("eventTypes.expectedKind", { kinds: KINDS.join(", ") }));
  if (!isPositive(input.duration)) fail("duration", message("time.expectedPositiveMinutes"));
  if (input.slotStep != null && !isPositive(input.slotStep)) {
    fail("slotStep", message("time.expectedPositiveMinutes"));
  }
  if (!isNonNegative(input.bufferBefore))
    fail("bufferBefore", message("time.expectedNonNegativeMinutes"));
  if (!isNonNegative(input.bufferAfter))
    fail("bufferAfter", message("time.expectedNonNegativeMinutes"));
  if (!isNonNegative(input.minimumNotice))
    fail("minimumNotice", message("time.expectedNonNegativeMinutes"));
  if (input.maxDaysAhead !== null && !isCount(input.maxDaysAhead)) {
    fail("maxDaysAhead", message("time.expectedNonNegativeDays"));
  }
  for (const field of [
    "dailyLimit",
    "weeklyLimit",
    "monthlyLimit",
    "dailyDurationLimit",
    "weeklyDurationLimit",
  ] as const) {
    const value = input[field];
    if (value != null && !isCount(value)) fail(field, message("time.expectedNonNegativeNumber"));
  }
  if (
    input.kind === "GROUP" &&
    (input.seats === null || !isCount(input.seats) || input.seats < 1)
  ) {
    fail("seats", message("eventTypes.groupSeatsWhole"));
  }

  if (input.hosts.length === 0) fail("hosts", message("eventTypes.hostNeeded"));
  if ((input.kind === "ONE_ON_ONE" || input.kind === "GROUP") && input.hosts.length > 1) {
    fail("hosts", message("eventTypes.exactlyOneHost", { kind: input.kind }));
  }
  if (new Set(input.hosts.map((host) => host.hostId)).size !== input.hosts.length) {
    fail("hosts", message("eventTypes.hostAppearsOnce"));
  }

  const startDay = tryParseLocalDate(input.window.startDate);
  const endDay = tryParseLocalDate(input.window.endDate);
  if (startDay === null) fail("window.startDate", message("time.expectedDate"));
  if (endDay === null) fail("window.endDate", message("time.expectedDate"));
  if (startDay !== null && endDay !== null && endDay < startDay) {
    fail("window.endDate", message("time.windowEndsBeforeStart"));
  }

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const detail = message("eventTypes.invalidAvailabilityInput", { fields: fields.join(", ") });
    throw new DomainError("VALIDATION", detail, errors);
  }
}

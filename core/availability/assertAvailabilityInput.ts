import { DomainError } from "../errors";
import { EVENT_KINDS as KINDS } from "../eventTypes/eventKinds";
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
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  if (!Number.isFinite(input.now)) fail("now", "Expected an instant in epoch milliseconds.");
  if (!KINDS.includes(input.kind)) fail("kind", `Expected one of ${KINDS.join(", ")}.`);
  if (!isPositive(input.duration)) fail("duration", "Expected a positive number of minutes.");
  if (input.slotStep != null && !isPositive(input.slotStep)) {
    fail("slotStep", "Expected a positive number of minutes.");
  }
  if (!isNonNegative(input.bufferBefore)) fail("bufferBefore", "Expected minutes, 0 or more.");
  if (!isNonNegative(input.bufferAfter)) fail("bufferAfter", "Expected minutes, 0 or more.");
  if (!isNonNegative(input.minimumNotice)) fail("minimumNotice", "Expected minutes, 0 or more.");
  if (input.maxDaysAhead !== null && !isCount(input.maxDaysAhead)) {
    fail("maxDaysAhead", "Expected a whole number of days, 0 or more.");
  }
  if (input.dailyLimit !== null && !isCount(input.dailyLimit)) {
    fail("dailyLimit", "Expected a whole number, 0 or more.");
  }
  if (
    input.kind === "GROUP" &&
    (input.seats === null || !isCount(input.seats) || input.seats < 1)
  ) {
    fail("seats", "A GROUP event type needs a whole number of seats, 1 or more.");
  }

  if (input.hosts.length === 0) fail("hosts", "At least one host is needed.");
  if ((input.kind === "ONE_ON_ONE" || input.kind === "GROUP") && input.hosts.length > 1) {
    fail("hosts", `A ${input.kind} event type has exactly one host.`);
  }
  if (new Set(input.hosts.map((host) => host.hostId)).size !== input.hosts.length) {
    fail("hosts", "Each host may appear once.");
  }

  const startDay = tryParseLocalDate(input.window.startDate);
  const endDay = tryParseLocalDate(input.window.endDate);
  if (startDay === null) fail("window.startDate", "Expected an existing date as yyyy-MM-dd.");
  if (endDay === null) fail("window.endDate", "Expected an existing date as yyyy-MM-dd.");
  if (startDay !== null && endDay !== null && endDay < startDay) {
    fail("window.endDate", "The window ends before it starts.");
  }

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw new DomainError("VALIDATION", `Invalid availability input: ${fields.join(", ")}`, errors);
  }
}

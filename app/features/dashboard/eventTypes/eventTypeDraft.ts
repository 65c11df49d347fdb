import { DEFAULT_REMINDERS } from "../../../../core/eventTypes/reminderLimits";
import type { EventKind, EventType, EventTypeFields, Question } from "../api/types";

export const PERSONAL_KINDS: readonly EventKind[] = ["ONE_ON_ONE", "GROUP"];
export const TEAM_KINDS: readonly EventKind[] = ["COLLECTIVE", "ROUND_ROBIN", "FLEXI"];

/** The durations a host picks from with one click; any other can be typed. */
export const DURATION_PRESETS = [15, 30, 45, 60, 90, 120] as const;

/** What a new event type of `kind` starts with (the server's defaults, made explicit). */
export function newEventTypeDraft(kind: EventKind, teamId: string | null): EventTypeFields {
  return {
    kind,
    title: "",
    slug: "",
    description: "",
    duration: 30,
    durations: [30],
    scheduleId: null,
    teamId: TEAM_KINDS.includes(kind) ? teamId : null,
    locations: [],
    bufferBefore: 0,
    bufferAfter: 0,
    minimumNotice: 0,
    maxDaysAhead: 60,
    slotStep: null,
    dailyLimit: null,
    weeklyLimit: null,
    monthlyLimit: null,
    dailyDurationLimit: null,
    weeklyDurationLimit: null,
    seats: kind === "GROUP" ? 10 : null,
    hosts: [],
    hostGroups: kind === "FLEXI" ? [{ mode: "ALL", userIds: [] }] : [],
    questions: [],
    price: null,
    paymentTerms: null,
    refundPolicy: "FULL",
    refundHours: null,
    requiresEmailVerification: false,
    redirectUrl: null,
    redirectSeconds: null,
    lockTimeZone: false,
    active: true,
    hidden: false,
    allowCancel: true,
    allowReschedule: true,
    cancelNotice: 0,
    rescheduleNotice: 0,
    requiresApproval: false,
    approvalDeadline: 0,
    reminders: DEFAULT_REMINDERS.map((reminder) => ({ ...reminder })),
    reminderText: "",
    followUp: null,
    recurrence: null,
    approvalScope: "EVERYONE",
  };
}

/** The editable fields of a stored event type. */
export function draftFromEventType(type: EventType): EventTypeFields {
  const { id: _id, userId: _userId, sharedLink: _sharedLink, url: _url, ...fields } = type;
  return structuredClone(fields);
}

/** A copy of `type` to create under a new title and slug, inactive until the host turns it on. */
export function duplicateDraft(type: EventType, title: string, takenSlugs: ReadonlySet<string>) {
  const draft = draftFromEventType(type);
  let slug = `${type.slug}-copy`.slice(0, 80);
  for (let n = 2; takenSlugs.has(slug); n++) slug = `${type.slug}-copy-${n}`.slice(0, 80);
  return { ...draft, title, slug };
}

/** A URL slug from a title: lowercase ASCII letters and digits joined by dashes. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/**
 * The body to send: durations always include the default, personal kinds carry no hosts,
 * and blank optional texts become null.
 */
export function eventTypePayload(draft: EventTypeFields): EventTypeFields {
  const durations = [...new Set([draft.duration, ...draft.durations])].sort((a, b) => a - b);
  const personal = PERSONAL_KINDS.includes(draft.kind);
  return {
    ...draft,
    durations,
    hosts: personal ? [] : draft.hosts,
    hostGroups: draft.kind === "FLEXI" ? draft.hostGroups : [],
    seats: draft.kind === "GROUP" ? draft.seats : null,
    redirectUrl: draft.redirectUrl?.trim() ? draft.redirectUrl.trim() : null,
  };
}

/** A fresh question of `type` with an id the API accepts. */
export function newQuestion(type: Question["type"]): Question {
  const id = `q${Math.random().toString(36).slice(2, 10)}`;
  const choices = type === "SINGLE_CHOICE" || type === "MULTIPLE_CHOICE";
  return { id, type, label: "", required: false, options: choices ? [""] : [] };
}

/** Minor units (what the API stores) from an amount typed in major units: "12.5" → 1250. */
export function toMinorUnits(amount: string): number | null {
  const value = Number(amount.replace(",", "."));
  return amount.trim() === "" || Number.isNaN(value) ? null : Math.round(value * 100);
}

/** Major units for the amount input: 1250 → "12.50". */
export function fromMinorUnits(amount: number): string {
  return (amount / 100).toFixed(2);
}

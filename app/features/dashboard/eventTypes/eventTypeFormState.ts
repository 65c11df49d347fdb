import type { FieldErrors } from "../../../api/apiClient";
import { withoutErrorsOf } from "../../../lib/focusFirstError";
import type { EventTypeFields } from "../api/types";
import { slugify } from "./eventTypeDraft";

// The event type form's state apart from its fields' markup (EventTypeForm.tsx): the draft,
// the API's field errors, the failure said at the top, and whether a save is under way.

// Error paths the form shows beside a field; anything else goes to the alert at the top.
const SHOWN = [
  /^(title|slug|description|duration|durations|scheduleId|bufferBefore|bufferAfter|minimumNotice|maxDaysAhead|slotStep|dailyLimit|weeklyLimit|monthlyLimit|dailyDurationLimit|weeklyDurationLimit|cancelNotice|rescheduleNotice|approvalDeadline|recurrence|seats|redirectUrl|redirectSeconds|hosts|hostGroups|questions|locations|price|reminders|reminderText)$/,
  /^reminders\.\d+\.(minutesBefore|to)$/,
  /^followUp\.(minutesAfter|text)$/,
  /^locations\.\d+\.options\.(address|custom|url|direction|phone)$/,
  /^questions\.\d+\.(label|type|options)(\.\d+)?$/,
  /^hostGroups\.\d+\.userIds$/,
  /^recurrence\.(everyWeeks|maxOccurrences)$/,
  /^price\.(amount|currency)$/,
];

/** Whether the form shows the errors of `path` beside a field. */
export const shownBesideField = (path: string) => SHOWN.some((pattern) => pattern.test(path));

/**
 * What the alert at the top says after a failed save: with field errors, to check the fields
 * and the messages no field shows; without, `message` (the error said in words).
 */
export function failureOf(fields: FieldErrors, checkFields: string, message: string): string {
  if (Object.keys(fields).length === 0) return message;
  const unshown = Object.entries(fields)
    .filter(([path]) => !shownBesideField(path))
    .flatMap(([, messages]) => messages);
  return [checkFields, ...unshown].join(" ");
}

export interface EventTypeFormState {
  draft: EventTypeFields;
  errors: FieldErrors;
  failure: string | undefined;
  pending: boolean;
  /** The host typed a slug: the title no longer writes it. */
  slugTouched: boolean;
  /** Counts failed saves: each moves focus to the first field in error. */
  failedSaves: number;
}

export function initialFormState(draft: EventTypeFields, isNew: boolean): EventTypeFormState {
  return {
    draft,
    errors: {},
    failure: undefined,
    pending: false,
    slugTouched: !isNew,
    failedSaves: 0,
  };
}

export type EventTypeFormAction =
  | { type: "update"; patch: Partial<EventTypeFields> }
  | { type: "title"; title: string }
  | { type: "slug"; slug: string }
  | { type: "submit" }
  | { type: "saved" }
  | { type: "failed"; errors: FieldErrors; failure: string };

export function eventTypeFormReducer(
  state: EventTypeFormState,
  action: EventTypeFormAction,
): EventTypeFormState {
  switch (action.type) {
    case "update":
      // A field's error goes as soon as the field is changed; the next save checks it again.
      return {
        ...state,
        draft: { ...state.draft, ...action.patch },
        errors: withoutErrorsOf(state.errors, Object.keys(action.patch)),
      };
    case "title": {
      // Until the host types a slug, a new event type's slug follows its title.
      const patch = state.slugTouched
        ? { title: action.title }
        : { title: action.title, slug: slugify(action.title) };
      return eventTypeFormReducer(state, { type: "update", patch });
    }
    case "slug":
      return eventTypeFormReducer(
        { ...state, slugTouched: true },
        { type: "update", patch: { slug: action.slug.toLowerCase() } },
      );
    case "submit":
      return { ...state, pending: true, failure: undefined };
    case "saved":
      return { ...state, pending: false, errors: {} };
    case "failed":
      return {
        ...state,
        pending: false,
        errors: action.errors,
        failure: action.failure,
        failedSaves: state.failedSaves + 1,
      };
  }
}

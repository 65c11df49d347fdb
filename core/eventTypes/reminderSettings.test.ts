import { describe, expect, it } from "vitest";
import { issueMessage } from "../issueMessage";
import { eventTypeSchema, eventTypeUpdateSchema } from "./eventTypeSchema";
import { REMINDER_OFFSET_MAX, REMINDER_TEXT_MAX, REMINDERS_MAX } from "./reminderLimits";

const base = { kind: "ONE_ON_ONE", title: "Intro", slug: "intro", duration: 30 };

function issues(input: Record<string, unknown>): Record<string, string[]> {
  const result = eventTypeSchema.safeParse({ ...base, ...input });
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    byPath[path] = [...(byPath[path] ?? []), issue.message];
  }
  return byPath;
}

describe("reminder settings", () => {
  it("default to one reminder 24 hours before, to the invitee, and no follow-up", () => {
    const parsed = eventTypeSchema.parse(base);
    expect(parsed.reminders).toEqual([{ minutesBefore: 1440, to: "invitee" }]);
    expect(parsed.reminderText).toBe("");
    expect(parsed.followUp).toBeNull();
  });

  it("accept several reminders, none, and a follow-up with text", () => {
    expect(
      issues({
        reminders: [
          { minutesBefore: 1440, to: "invitee" },
          { minutesBefore: 60, to: "invitee_and_host" },
        ],
        reminderText: "Bring your notes.",
        followUp: { minutesAfter: 0, text: "Thanks!" },
      }),
    ).toEqual({});
    expect(issues({ reminders: [] })).toEqual({});
  });

  it("refuse offsets out of range, 30 days at most", () => {
    const range = issueMessage("eventTypes.reminderOffsetRange", {
      min: 1,
      max: REMINDER_OFFSET_MAX,
    });
    expect(issues({ reminders: [{ minutesBefore: 0, to: "invitee" }] })).toEqual({
      "reminders.0.minutesBefore": [range],
    });
    expect(
      issues({ reminders: [{ minutesBefore: REMINDER_OFFSET_MAX + 1, to: "invitee" }] }),
    ).toEqual({ "reminders.0.minutesBefore": [range] });
    expect(issues({ reminders: [{ minutesBefore: REMINDER_OFFSET_MAX, to: "invitee" }] })).toEqual(
      {},
    );
    expect(issues({ followUp: { minutesAfter: REMINDER_OFFSET_MAX + 1, text: "" } })).toEqual({
      "followUp.minutesAfter": [range],
    });
    expect(Object.keys(issues({ reminders: [{ minutesBefore: 1.5, to: "invitee" }] }))).toEqual([
      "reminders.0.minutesBefore",
    ]);
  });

  it("refuse too many reminders, the same offset twice and an unknown recipient", () => {
    const many = Array.from({ length: REMINDERS_MAX + 1 }, (_, i) => ({
      minutesBefore: i + 1,
      to: "invitee",
    }));
    expect(issues({ reminders: many })).toEqual({
      reminders: [issueMessage("eventTypes.remindersMax", { max: REMINDERS_MAX })],
    });
    expect(
      issues({
        reminders: [
          { minutesBefore: 60, to: "invitee" },
          { minutesBefore: 60, to: "invitee_and_host" },
        ],
      }),
    ).toEqual({ reminders: [issueMessage("eventTypes.eachReminderOnce")] });
    expect(Object.keys(issues({ reminders: [{ minutesBefore: 60, to: "everyone" }] }))).toEqual([
      "reminders.0.to",
    ]);
  });

  it("refuse texts over the limit", () => {
    const long = "x".repeat(REMINDER_TEXT_MAX + 1);
    expect(Object.keys(issues({ reminderText: long }))).toEqual(["reminderText"]);
    expect(Object.keys(issues({ followUp: { minutesAfter: 10, text: long } }))).toEqual([
      "followUp.text",
    ]);
  });

  it("may be patched alone", () => {
    expect(eventTypeUpdateSchema.safeParse({ followUp: null }).success).toBe(true);
    expect(eventTypeUpdateSchema.safeParse({ reminders: [] }).success).toBe(true);
  });
});

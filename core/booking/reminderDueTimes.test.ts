import { describe, expect, it } from "vitest";
import { instantToLocal } from "../time/instantToLocal";
import { localToInstant } from "../time/localToInstant";
import { REMINDER_GRACE_MINUTES, reminderDueTimes } from "./reminderDueTimes";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const start = Date.parse("2026-12-01T10:00:00Z");
const end = start + 30 * MINUTE;
const settings = (minutes: number[], followUp: number | null = null) => ({
  reminders: minutes.map((minutesBefore) => ({ minutesBefore, to: "invitee" as const })),
  followUp: followUp === null ? null : { minutesAfter: followUp, text: "" },
});

describe("reminderDueTimes", () => {
  it("puts each reminder its offset before the start and the follow-up after the end", () => {
    const now = start - 3 * 24 * HOUR;
    const due = reminderDueTimes(settings([60, 24 * 60], 120), start, end, now);
    expect(due).toEqual([
      { purpose: "reminder", offset: 24 * 60, dueAt: start - 24 * HOUR, to: "invitee" },
      { purpose: "reminder", offset: 60, dueAt: start - HOUR, to: "invitee" },
      { purpose: "followUp", offset: 120, dueAt: end + 2 * HOUR, to: "invitee" },
    ]);
  });

  it("skips a reminder already past when booked, and sends one just past at once", () => {
    // Booked 2 hours ahead: "24 hours before" is long gone, "1 hour before" still to come.
    const now = start - 2 * HOUR;
    expect(reminderDueTimes(settings([24 * 60, 60]), start, end, now).map((d) => d.offset)).toEqual(
      [60],
    );
    // Booked 1 h 55 min ahead: "2 hours before" came due 5 minutes ago, within the grace.
    const late = start - 115 * MINUTE;
    expect(REMINDER_GRACE_MINUTES).toBeGreaterThan(5);
    expect(reminderDueTimes(settings([120]), start, end, late)).toEqual([
      { purpose: "reminder", offset: 120, dueAt: late, to: "invitee" },
    ]);
  });

  it("sends no reminder for a meeting that has started, but still its follow-up", () => {
    const now = start + MINUTE;
    expect(reminderDueTimes(settings([1], 0), start, end, now)).toEqual([
      { purpose: "followUp", offset: 0, dueAt: end, to: "invitee" },
    ]);
  });

  it("counts offsets in elapsed time across a DST change", () => {
    // Berlin springs forward on 29 March 2026 (02:00 → 03:00): 24 hours before 09:00 on the
    // 29th is 08:00 on the 28th by the clock, and falls back on 25 October (03:00 → 02:00).
    const spring = localToInstant("Europe/Berlin", "2026-03-29", "09:00");
    const [springDue] = reminderDueTimes(settings([24 * 60]), spring, spring + HOUR, 0);
    expect(spring - springDue!.dueAt).toBe(24 * HOUR);
    expect(instantToLocal("Europe/Berlin", springDue!.dueAt)).toMatchObject({
      date: "2026-03-28",
      time: "08:00",
    });
    const autumn = localToInstant("Europe/Berlin", "2026-10-25", "09:00");
    const [autumnDue] = reminderDueTimes(settings([24 * 60]), autumn, autumn + HOUR, 0);
    expect(instantToLocal("Europe/Berlin", autumnDue!.dueAt)).toMatchObject({
      date: "2026-10-24",
      time: "10:00",
    });
  });

  it("keeps the recipient choice", () => {
    const due = reminderDueTimes(
      { reminders: [{ minutesBefore: 30, to: "invitee_and_host" }], followUp: null },
      start,
      end,
      0,
    );
    expect(due[0]?.to).toBe("invitee_and_host");
  });
});

import { describe, expect, it } from "vitest";
import { issueMessage } from "../issueMessage";
import { eventTypeSchema } from "./eventTypeSchema";

const base = { kind: "ONE_ON_ONE", title: "Intro", slug: "intro", duration: 30 };
const question = (id: string) => ({ id, type: "SHORT_TEXT", label: "Topic" });

function questionIdIssues(id: string): string[] {
  const result = eventTypeSchema.safeParse({ ...base, questions: [question(id)] });
  if (result.success) return [];
  return result.error.issues
    .filter((i) => i.path.join(".") === "questions.0.id")
    .map((i) => i.message);
}

describe("question ids", () => {
  it("accepts identifiers that start with a letter, up to 64 characters", () => {
    for (const id of ["topic", "q1x9k2", "Company_size", "a-b", `a${"b".repeat(63)}`]) {
      expect(questionIdIssues(id), id).toEqual([]);
    }
  });

  it("refuses ids that are not plain identifiers", () => {
    const message = issueMessage("fields.idFormat");
    for (const id of ["__proto__", "_x", "1st", "-a", "a b", "a.b", "", `a${"b".repeat(64)}`]) {
      expect(questionIdIssues(id), id).toEqual([message]);
    }
  });
});

describe("recurrence", () => {
  const issues = (extra: Record<string, unknown>) => {
    const result = eventTypeSchema.safeParse({
      ...base,
      recurrence: { everyWeeks: 2, maxOccurrences: 6 },
      ...extra,
    });
    return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("takes a weekly series on its own and refuses it with seats, a price or approval", () => {
    expect(issues({})).toEqual([]);
    expect(issues({ kind: "GROUP", seats: 5 })).toEqual([
      ["recurrence", issueMessage("eventTypes.recurrenceNoSeats")],
    ]);
    expect(issues({ price: { amount: 1000, currency: "EUR" } })).toEqual([
      ["recurrence", issueMessage("eventTypes.recurrenceNoPrice")],
    ]);
    expect(issues({ requiresApproval: true })).toEqual([
      ["recurrence", issueMessage("eventTypes.recurrenceNoApproval")],
    ]);
  });

  it("keeps the interval and the count within their limits", () => {
    expect(issues({ recurrence: { everyWeeks: 5, maxOccurrences: 4 } })[0]?.[0]).toBe(
      "recurrence.everyWeeks",
    );
    expect(issues({ recurrence: { everyWeeks: 1, maxOccurrences: 1 } })[0]?.[0]).toBe(
      "recurrence.maxOccurrences",
    );
    expect(issues({ recurrence: { everyWeeks: 1, maxOccurrences: 53 } })[0]?.[0]).toBe(
      "recurrence.maxOccurrences",
    );
  });
});

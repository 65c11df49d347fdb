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

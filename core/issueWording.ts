import type { z } from "zod";
import { issueMessage } from "./issueMessage";

/**
 * A catalog message for a zod check that a schema leaves unworded, as an `issueMessage`
 * string: zod's own wording ("Too small: expected string to have >=1 characters") is written
 * for developers and must not reach people, in any language. The request schemas word the
 * checks that need more than this says (a username's format, a route's condition).
 */
export function issueWording(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null
        ? issueMessage("general.required")
        : issueMessage("general.invalidInput");
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      if (issue.format === "email") return issueMessage("fields.invalidEmail");
      if (issue.format === "url") return issueMessage("fields.invalidUrl");
      return issueMessage("general.invalidInput");
    case "invalid_value":
      return issueMessage("fields.selectOption");
    default:
      return issueMessage("general.invalidInput");
  }
}

const bound = (value: number | bigint) => Number(value);

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  const minimum = bound(issue.minimum);
  switch (issue.origin) {
    case "string":
      return minimum <= 1
        ? issueMessage("general.required")
        : issueMessage("fields.atLeastCharacters", { count: minimum });
    case "array":
    case "set":
      return minimum <= 1 ? issueMessage("general.required") : issueMessage("general.invalidInput");
    case "number":
    case "int":
    case "bigint":
      return issueMessage("fields.atLeastNumber", { min: minimum });
    default:
      return issueMessage("general.invalidInput");
  }
}

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  const maximum = bound(issue.maximum);
  switch (issue.origin) {
    case "string":
      return issueMessage("fields.atMostCharacters", { count: maximum });
    case "array":
    case "set":
    case "file":
      return issueMessage("general.tooLong");
    case "number":
    case "int":
    case "bigint":
      return issueMessage("fields.atMostNumber", { max: maximum });
    default:
      return issueMessage("general.invalidInput");
  }
}

import type { z } from "zod";
import type { FieldErrors } from "../errors";

/** Turns zod issues into the spec's `errors` map: dotted field path to messages. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    const list = fields[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    fields[key] = list;
  }
  return fields;
}

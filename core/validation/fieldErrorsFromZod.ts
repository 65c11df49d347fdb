import type { z } from "zod";
import type { FieldMessages } from "../errors";
import { decodeMessage } from "../issueMessage";
import { message } from "../messages";

/**
 * Turns zod issues into the per-field messages of a VALIDATION error: dotted field path to
 * messages, each once. A check the schema leaves unworded (zod's own text) says "Invalid input."
 */
export function fieldErrorsFromZod(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {};
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    const said = decodeMessage(issue.message) ?? message("general.invalidInput");
    const id = JSON.stringify([key, said]);
    if (seen.has(id)) continue;
    seen.add(id);
    fields[key] = [...(fields[key] ?? []), said];
  }
  return fields;
}

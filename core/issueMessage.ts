import { isMessageKey, type Message, type MessageKey, type ParamsArgument } from "./messages";

// Kept apart from messages.ts: only zod schemas and their readers need it, and the booking
// page, which builds Messages but no schema, should not carry it.

// Zod issues carry their message as a string, so a schema's message travels as this encoding
// of key and parameters; `decodeMessage` reads it back. Zod's own wording (checks a schema
// leaves unworded) does not start with the marker and stays as zod said it.
const MARKER = "\u2063msg:";

/** `message(key, params)` as a zod issue message: `z.string().max(9, issueMessage(...))`. */
export function issueMessage<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string {
  const given = params[0];
  return given === undefined ? `${MARKER}${key}` : `${MARKER}${key}${JSON.stringify(given)}`;
}

/** The message an `issueMessage` string encodes, or null for any other text. */
export function decodeMessage(text: string): Message | null {
  if (!text.startsWith(MARKER)) return null;
  const rest = text.slice(MARKER.length);
  const brace = rest.indexOf("{");
  const key = brace === -1 ? rest : rest.slice(0, brace);
  if (!isMessageKey(key)) return null;
  const params = brace === -1 ? {} : (JSON.parse(rest.slice(brace)) as Record<string, unknown>);
  return { key, params } as Message;
}

import { decodeMessage } from "../../core/issueMessage";
import type { Message } from "../../core/messages";
import { translator } from "./serverI18n";

/** `message` in `language`, by its catalog key (the plural form by its `count`). */
export function translate(message: Message, language: string): string {
  return translator(language, "errors")(message.key, message.params as Record<string, unknown>);
}

/**
 * A domain error's or a zod issue's message in `language`: a Message by its key, an
 * `issueMessage` string decoded to its key. Any other text stays as it is (the validation's
 * messages are all encoded: issueWording words the checks the schemas leave unworded).
 */
export function translateAny(message: Message | string, language: string): string {
  if (typeof message !== "string") return translate(message, language);
  const decoded = decodeMessage(message);
  return decoded ? translate(decoded, language) : message;
}

import type { MessageOrText } from "../../core/errors";
import { leaves } from "../../core/i18n/catalogRules";
import { decodeMessage, type Message } from "../../core/messages";
import { englishCatalog, translator } from "./serverI18n";

/**
 * API messages are written in English where they arise (in core, in zod schemas, in commands),
 * the way gettext uses the English text as the message id. The `errors` catalog names each
 * English text; a message is found by its text, with its {{placeholders}} read back out of
 * it (a zone name, a count), and said again in the asked language.
 */
type Params = Record<string, string | number>;

interface Pattern {
  key: string;
  regex: RegExp;
  names: string[];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile() {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [fullKey, text] of leaves(englishCatalog("errors"))) {
    const english = String(text);
    // Plural forms share one key; i18next picks the form from `count`.
    const key = fullKey.replace(PLURAL, "");
    const names = [...english.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
    if (names.length === 0) {
      exact.set(english, key);
      continue;
    }
    const source = english
      .split(/\{\{\s*\w+\s*\}\}/)
      .map(escapeRegExp)
      .join("(.+?)");
    patterns.push({ key, regex: new RegExp(`^${source}$`, "s"), names });
  }
  // The pattern with the most fixed text wins: "Unknown time zone: x" before a bare "{{x}}".
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  return { exact, patterns };
}

const { exact, patterns } = compile();

/** The catalog key and parameters of an English message, or null when the catalog lacks it. */
export function findMessage(message: string): { key: string; params: Params } | null {
  const key = exact.get(message);
  if (key !== undefined) return { key, params: {} };
  for (const pattern of patterns) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const params: Params = {};
    pattern.names.forEach((name, index) => {
      const value = match[index + 1]!;
      params[name] = name === "count" ? Number(value) : value;
    });
    return { key: pattern.key, params };
  }
  return null;
}

/**
 * Messages the catalog lacked, for the test suite to report (see server/test/setupMessages.ts);
 * bounded, so a long-running server cannot grow it without end.
 */
export const untranslatedMessages = new Set<string>();
const UNTRANSLATED_KEPT = 100;

/** `message` in `language`; a message the catalog lacks stays as it is (and is recorded). */
export function translateMessage(message: string, language: string): string {
  const found = findMessage(message);
  if (found === null) {
    if (untranslatedMessages.size < UNTRANSLATED_KEPT) untranslatedMessages.add(message);
    return message;
  }
  return translator(language, "errors")(found.key, found.params);
}

/** `message` in `language`, by its catalog key. */
export function translate(message: Message, language: string): string {
  return translator(language, "errors")(message.key, message.params as Record<string, unknown>);
}

/**
 * A domain error's or an issue's message in `language`: a Message by key, an `issueMessage`
 * string decoded to its key; any other text (zod's own wording, already in the language) as
 * it is. TRANSITIONAL: an English text still goes through the catalog lookup above.
 */
export function translateAny(message: MessageOrText, language: string): string {
  if (typeof message !== "string") return translate(message, language);
  const decoded = decodeMessage(message);
  return decoded ? translate(decoded, language) : translateMessage(message, language);
}

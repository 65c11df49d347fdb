import type { i18n as I18n } from "i18next";
import { writeCookie } from "../lib/writeCookie";

const languageCookie = "language";
const year = 365 * 24 * 3600;

/**
 * Remembers `language` in the language cookie for a year and switches the page to it in
 * place: no reload, so the URL (query parameters) and the page's state (the chosen date) stay.
 * main.tsx sets `<html lang dir>` when the language changes.
 */
export async function switchLanguage(i18n: I18n, language: string): Promise<void> {
  writeCookie(languageCookie, language, year);
  await i18n.changeLanguage(language);
}

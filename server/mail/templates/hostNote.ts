import { translator } from "../../i18n/serverI18n";
import { html, isolated, type SafeHtml, userHtml } from "../html";

/**
 * The host's own text in a reminder or follow-up, under its label, before the details; empty
 * when there is none. The text is the host's: escaped, direction-isolated, its line breaks kept.
 */
export function hostNote(
  note: string | undefined,
  language: string,
): { text: string; html: SafeHtml | null } {
  const trimmed = note?.trim() ?? "";
  if (trimmed === "") return { text: "", html: null };
  const t = translator(language, "mail");
  const label = t("reminder.note");
  return {
    text: `${label}\n${isolated(trimmed, language)}\n\n`,
    html: html`<p style="margin:0 0 4px;font-size:14px;color:#667085">${label}</p><p style="margin:0 0 16px;font-size:14px;white-space:pre-line">${userHtml(trimmed)}</p>`,
  };
}

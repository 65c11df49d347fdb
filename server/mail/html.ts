import { languageDirection } from "../../core/i18n/languageDirection";

/** Markup that is already safe to put in an HTML mail. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

type Interpolated = SafeHtml | string | number | null | undefined | false | Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/**
 * A template tag for mail HTML: every interpolated value is escaped unless it is SafeHtml
 * (built by this tag), so user text (names, answers, reasons) can never inject markup.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** An http(s) URL for an href, or null: other schemes (javascript:) never become links. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  return /^https?:$/i.test(new URL(url).protocol) ? url : null;
}

/**
 * User-written text (a title, a name, an answer) set inside a right-to-left line, isolated
 * (FSI … PDI) so that "30 minute meeting" or "+49 30 123456" keeps its own order; unchanged in
 * left-to-right mails. Works in the plain-text part and inside translated sentences in HTML.
 */
export function isolated(value: string, language: string): string {
  return languageDirection(language) === "rtl" ? `\u2068${value}\u2069` : value;
}

/** User-written text in HTML, isolated by the markup itself so any mail language keeps its order. */
export function userHtml(value: string): SafeHtml {
  return html`<bdi>${value}</bdi>`;
}

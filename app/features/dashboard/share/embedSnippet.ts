export interface EmbedOptions {
  mode: "inline" | "popup";
  /** Colours as 6 hex digits without '#', or null for the page's own. */
  primaryColor: string | null;
  backgroundColor: string | null;
  textColor: string | null;
  hideDetails: boolean;
  /** popup: the button's text. */
  buttonText: string;
}

/** The booking URL with the spec's embedding parameters (§3: hide_details, *_color). */
export function embedUrl(url: string, options: EmbedOptions): string {
  const target = new URL(url);
  if (options.hideDetails) target.searchParams.set("hide_details", "1");
  if (options.primaryColor) target.searchParams.set("primary_color", options.primaryColor);
  if (options.backgroundColor) target.searchParams.set("background_color", options.backgroundColor);
  if (options.textColor) target.searchParams.set("text_color", options.textColor);
  return target.toString();
}

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
const escapeText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The HTML a host pastes into their site, in the format of docs/embedding.md: an element the
 * embed script (/embed.js, served with the booking page) turns into an inline frame, or a
 * button that opens the page in a popup.
 */
export function embedSnippet(url: string, origin: string, options: EmbedOptions): string {
  const target = escapeAttribute(embedUrl(url, options));
  const script = `<script src="${escapeAttribute(origin)}/embed.js" async></script>`;
  if (options.mode === "inline") {
    return `<div class="slotted-inline-widget" data-url="${target}" style="min-width: 320px"></div>\n${script}`;
  }
  return `<button type="button" data-slotted-popup="${target}">${escapeText(options.buttonText)}</button>\n${script}`;
}

import type sanitizeHtml from "sanitize-html";

// A note is rich text the editor writes as HTML. The server keeps only this formatting, so
// the public page can render it as HTML without trusting what the client sent.
const optionsOf = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "a", "ul", "ol", "li"],
  // transformTags runs first, so the attributes it adds must be allowed here.
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links open in a new tab without handing the page to the linked site.
  transformTags: {
    a: sanitize.simpleTransform("a", {
      target: "_blank",
      rel: "noopener noreferrer nofollow",
    }),
  },
});

let loading: Promise<(html: string) => string> | null = null;

/**
 * What gives a note's HTML with only bold, italic, underline, strike-through, paragraphs, line
 * breaks, lists and http(s)/mailto links left: scripts, styles, event handlers and other
 * schemes (javascript:, data:) are removed. sanitize-html (with its CSS parser, about 19 MB)
 * loads with the first note saved, not when the server starts.
 */
export function loadNoteSanitizer(): Promise<(html: string) => string> {
  loading ??= import("sanitize-html").then(({ default: sanitize }) => {
    const options = optionsOf(sanitize);
    return (html: string) => sanitize(html, options).trim();
  });
  return loading;
}

/**
 * The address the product is published at (PUBLIC_URL, without a trailing slash), which the
 * server writes into every page: links the dashboard shows and copies point there, like the
 * links in mails, whichever address the page itself was opened at. The page's own origin when
 * none is written (the development server's pages).
 */
export function publicUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="slotted-public-url"]');
  return meta?.content || window.location.origin;
}

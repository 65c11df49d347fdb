// The embed script host sites include (<script src="https://your-slotted/embed.js" async>): an
// inline widget and a popup, each an iframe of a booking page that grows to the page's height,
// with the page's messages re-dispatched as DOM events on the host page. No dependencies.
import { embedUrl, readMessage } from "./embedUrl";

interface WidgetOptions {
  /** The booking page: https://your-slotted/{username}/{event}, a profile, a shared link... */
  url: string;
  /** Extra query parameters for the page (hide_details, no_consent, background_color...). */
  params?: Record<string, string>;
}

interface InlineOptions extends WidgetOptions {
  parentElement: HTMLElement;
}

interface PopupOptions extends WidgetOptions {
  /** The close button's accessible name; the host page knows its own language. */
  closeLabel?: string;
}

const frames = new Map<Window, { iframe: HTMLIFrameElement; origin: string }>();
let popup: { root: HTMLElement; opener: Element | null } | null = null;

function createFrame(options: WidgetOptions, title: string): HTMLIFrameElement {
  const src = embedUrl(options.url, window.location.href, options.params);
  const iframe = document.createElement("iframe");
  iframe.src = src;
  iframe.title = title;
  iframe.setAttribute("allow", "payment");
  Object.assign(iframe.style, { border: "0", width: "100%", minWidth: "320px", display: "block" });
  iframe.addEventListener("load", () => {
    if (iframe.contentWindow)
      frames.set(iframe.contentWindow, { iframe, origin: new URL(src).origin });
  });
  return iframe;
}

function register(iframe: HTMLIFrameElement) {
  // contentWindow exists once the iframe is in the document; messages can come before "load".
  if (iframe.contentWindow) {
    frames.set(iframe.contentWindow, { iframe, origin: new URL(iframe.src).origin });
  }
}

/** Puts a booking page into `parentElement`, growing with the page's height. */
function initInlineWidget(options: InlineOptions): HTMLIFrameElement {
  const iframe = createFrame(options, options.parentElement.dataset.title ?? "Slotted");
  iframe.style.height = options.parentElement.style.height || "700px";
  iframe.style.display = "block";
  // The container's own height would stay put while the iframe grows (the host page's next
  // paragraph drawn over the widget) or shrinks (an empty band): from here on it follows.
  options.parentElement.style.height = "auto";
  options.parentElement.replaceChildren(iframe);
  register(iframe);
  return iframe;
}

function closePopupWidget() {
  if (!popup) return;
  const { root, opener } = popup;
  popup = null;
  for (const [win, frame] of frames) if (root.contains(frame.iframe)) frames.delete(win);
  root.remove();
  document.documentElement.style.overflow = "";
  if (opener instanceof HTMLElement) opener.focus();
}

/** Opens a booking page in a modal over the host page. */
function initPopupWidget(options: PopupOptions) {
  closePopupWidget();
  const root = document.createElement("div");
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-modal", "true");
  root.setAttribute("aria-label", "Slotted");
  Object.assign(root.style, {
    position: "fixed",
    inset: "0",
    zIndex: "2147483000",
    background: "rgba(16,24,40,.6)",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    padding: "16px",
  });
  const box = document.createElement("div");
  Object.assign(box.style, {
    position: "relative",
    width: "min(1000px, 100%)",
    height: "min(90vh, 900px)",
    background: "#fff",
    borderRadius: "12px",
    overflow: "auto",
  });
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "×";
  close.setAttribute("aria-label", options.closeLabel ?? "Close");
  Object.assign(close.style, {
    position: "absolute",
    insetBlockStart: "8px",
    insetInlineEnd: "8px",
    width: "44px",
    height: "44px",
    border: "0",
    borderRadius: "22px",
    background: "#fff",
    font: "28px/1 sans-serif",
    cursor: "pointer",
    zIndex: "1",
  });
  close.addEventListener("click", closePopupWidget);
  const iframe = createFrame(options, "Slotted");
  iframe.style.minHeight = "100%";
  box.append(close, iframe);
  root.append(box);
  root.addEventListener("click", (event) => {
    if (event.target === root) closePopupWidget();
  });
  popup = { root, opener: document.activeElement };
  document.body.append(root);
  document.documentElement.style.overflow = "hidden";
  register(iframe);
  close.focus();
}

function handleMessage(event: MessageEvent) {
  const frame = event.source ? frames.get(event.source as Window) : undefined;
  if (!frame || event.origin !== frame.origin) return;
  const message = readMessage(event.data);
  if (!message) return;
  if (message.event === "slotted.page_height") {
    const height = Number(message.payload.height);
    if (Number.isFinite(height) && height > 0 && !popup?.root.contains(frame.iframe)) {
      frame.iframe.style.height = `${Math.ceil(height)}px`;
    }
  }
  if (message.event === "slotted.redirect") {
    const url = String(message.payload.url ?? "");
    if (/^https?:\/\//i.test(url)) window.location.href = url;
  }
  frame.iframe.dispatchEvent(
    new CustomEvent(message.event, { detail: message.payload, bubbles: true }),
  );
}

function scan() {
  for (const element of document.querySelectorAll<HTMLElement>(".slotted-inline-widget")) {
    if (element.dataset.slottedReady) continue;
    const url = element.dataset.url;
    if (!url) continue;
    element.dataset.slottedReady = "1";
    initInlineWidget({ url, parentElement: element });
  }
}

window.addEventListener("message", handleMessage);
document.addEventListener("click", (event) => {
  const trigger = (event.target as Element | null)?.closest?.<HTMLElement>("[data-slotted-popup]");
  if (!trigger) return;
  event.preventDefault();
  const url = trigger.dataset.slottedPopup || trigger.getAttribute("href") || "";
  initPopupWidget({ url, closeLabel: trigger.dataset.closeLabel });
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closePopupWidget();
});
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
else scan();

(window as unknown as { Slotted: unknown }).Slotted = {
  initInlineWidget,
  initPopupWidget,
  closePopupWidget,
  scan,
};

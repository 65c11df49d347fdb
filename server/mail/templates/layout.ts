import { html, type SafeHtml } from "../html";
import { type Catalog, stringsFor } from "./catalog";

const strings: Catalog<{ footer: string }> = {
  en: { footer: "Sent by Slotted, the scheduling page of your host." },
};

/** The HTML document around a mail's body, with inline styles only (mail clients drop <style>). */
export function htmlLayout(title: string, body: SafeHtml, language: string): string {
  const t = stringsFor(strings, language);
  const dir = language === "ar" || language === "fa" ? "rtl" : "ltr";
  return html`<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#F2F4F7;font-family:Lato,Helvetica,Arial,sans-serif;color:#101828">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#667085;text-align:center">${t.footer}</p>
</body>
</html>`.value;
}

/** The plain-text counterpart's footer. */
export function textFooter(language: string): string {
  return `--\n${stringsFor(strings, language).footer}`;
}

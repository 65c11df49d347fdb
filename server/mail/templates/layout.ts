import { intlLocale } from "../../../core/i18n/intlLocale";
import { languageDirection } from "../../../core/i18n/languageDirection";
import { translator } from "../../i18n/serverI18n";
import { html, type SafeHtml } from "../html";

/**
 * The HTML document around a mail's body, with inline styles only (mail clients drop <style>).
 * The direction is repeated on the content: some clients drop the attributes of <html>.
 */
export function htmlLayout(title: string, body: SafeHtml, language: string): string {
  const t = translator(language, "mail");
  const dir = languageDirection(language);
  return html`<!doctype html>
<html lang="${intlLocale(language)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#F2F4F7;font-family:Lato,Helvetica,Arial,sans-serif;color:#101828">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;text-align:start">
${body}
</div>
<p dir="${dir}" style="max-width:560px;margin:16px auto 0;font-size:12px;color:#667085;text-align:center">${t("layout.footer")}</p>
</body>
</html>`.value;
}

/** A booking mail: its heading over the details block, as text and as HTML. */
export function headedMail(
  subject: string,
  heading: string,
  details: { text: string; html: SafeHtml },
  language: string,
) {
  return {
    subject,
    text: `${heading}\n\n${details.text}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<h1 style="font-size:20px;margin:0 0 16px">${heading}</h1>${details.html}`,
      language,
    ),
  };
}

/** The plain-text counterpart's footer. */
export function textFooter(language: string): string {
  return `--\n${translator(language, "mail")("layout.footer")}`;
}

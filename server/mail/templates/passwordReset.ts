import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { PasswordResetMailData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/** Subject, text and HTML of the password-reset mail. */
export function passwordReset(data: PasswordResetMailData, language: string) {
  const t = translator(language, "mail");
  const subject = t("passwordReset.subject");
  const greeting = t("passwordReset.greeting", { name: isolated(data.name, language) });
  const intro = t("passwordReset.intro");
  const note = `${t("passwordReset.expiry", { count: data.minutes })} ${t("passwordReset.ignore")}`;
  return {
    subject,
    text: `${greeting}\n\n${intro}\n\n${data.url}\n\n${note}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${greeting}</p>
<p style="font-size:14px">${intro}</p>
<p style="margin:24px 0"><a href="${data.url}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${t("passwordReset.button")}</a></p>
<p dir="ltr" style="font-size:12px;color:#667085;word-break:break-all;text-align:start">${data.url}</p>
<p style="font-size:14px;color:#667085">${note}</p>`,
      language,
    ),
  };
}

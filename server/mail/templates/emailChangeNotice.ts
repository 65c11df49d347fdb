import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { EmailChangeNoticeData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/** To the old address: someone asked to move the account to another address. */
export function emailChangeNotice(data: EmailChangeNoticeData, language: string) {
  const t = translator(language, "mail");
  const subject = t("emailChangeNotice.subject");
  const greeting = t("emailChangeNotice.greeting", { name: isolated(data.name, language) });
  const intro = t("emailChangeNotice.intro", { email: isolated(data.newEmail, language) });
  const warning = t("emailChangeNotice.notYou");
  return {
    subject,
    text: `${greeting}\n\n${intro}\n\n${warning}\n\n${data.url}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${greeting}</p>
<p style="font-size:14px">${intro}</p>
<p style="font-size:14px;font-weight:bold">${warning}</p>
<p style="margin:24px 0"><a href="${data.url}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${t("emailChangeNotice.button")}</a></p>
<p dir="ltr" style="font-size:12px;color:#667085;word-break:break-all;text-align:start">${data.url}</p>`,
      language,
    ),
  };
}

import { translator } from "../../i18n/serverI18n";
import { html } from "../html";
import type { EmailInUseData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/**
 * To an address someone asked to move their account to while another account already uses
 * it: that account's owner learns of the attempt, the requester learns nothing from the API.
 */
export function emailInUse(data: EmailInUseData, language: string) {
  const t = translator(language, "mail");
  const subject = t("emailInUse.subject");
  const intro = t("emailInUse.intro");
  const forgot = t("emailInUse.forgot");
  return {
    subject,
    text: `${intro}\n\n${forgot}\n\n${data.url}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${intro}</p>
<p style="font-size:14px">${forgot}</p>
<p dir="ltr" style="font-size:12px;word-break:break-all;text-align:start"><a href="${data.url}">${data.url}</a></p>`,
      language,
    ),
  };
}

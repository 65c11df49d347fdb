import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { AccountLinkMailData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/**
 * A mail whose link proves the recipient reads this address: the sign-up's verification
 * ("emailVerification") or the new address of an email change ("emailChange"), each with
 * its texts in its own section of the mail catalog.
 */
export function accountLink(
  section: "emailVerification" | "emailChange",
  data: AccountLinkMailData,
  language: string,
) {
  const t = translator(language, "mail");
  const subject = t(`${section}.subject`);
  const greeting = t(`${section}.greeting`, { name: isolated(data.name, language) });
  const intro = t(`${section}.intro`, { email: isolated(data.email, language) });
  const note = `${t(`${section}.expiry`, { count: data.hours })} ${t(`${section}.ignore`)}`;
  return {
    subject,
    text: `${greeting}\n\n${intro}\n\n${data.url}\n\n${note}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${greeting}</p>
<p style="font-size:14px">${intro}</p>
<p style="margin:24px 0"><a href="${data.url}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${t(`${section}.button`)}</a></p>
<p dir="ltr" style="font-size:12px;color:#667085;word-break:break-all;text-align:start">${data.url}</p>
<p style="font-size:14px;color:#667085">${note}</p>`,
      language,
    ),
  };
}

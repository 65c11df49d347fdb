import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { EmailCodeData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/** The email verification code a booking page asks for. */
export function emailCode(data: EmailCodeData, language: string) {
  const t = translator(language, "mail");
  const subject = t("emailCode.subject", { code: data.code });
  const intro = data.title
    ? t("emailCode.introBooking", { title: isolated(data.title, language) })
    : t("emailCode.introEmail");
  const note = `${t("emailCode.expiry", { count: data.minutes })} ${t("emailCode.ignore")}`;
  return {
    subject,
    text: `${intro}\n\n${data.code}\n\n${note}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${intro}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${data.code}</p>
<p style="font-size:14px;color:#667085">${note}</p>`,
      language,
    ),
  };
}

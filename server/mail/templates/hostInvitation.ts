import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { HostInvitationMailData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/** Subject, text and HTML of the mail in which the instance's owner invites someone to host. */
export function hostInvitation(data: HostInvitationMailData, language: string) {
  const t = translator(language, "mail");
  const subject = t("hostInvitation.subject");
  const intro = t("hostInvitation.intro", { inviter: isolated(data.inviterName, language) });
  const how = t("hostInvitation.how");
  const note = `${t("hostInvitation.expiry", { count: data.days })} ${t("hostInvitation.ignore")}`;
  return {
    subject,
    text: `${intro}\n\n${how}\n\n${data.url}\n\n${note}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${intro}</p>
<p style="font-size:14px">${how}</p>
<p style="margin:24px 0"><a href="${data.url}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${t("hostInvitation.button")}</a></p>
<p dir="ltr" style="font-size:12px;color:#667085;word-break:break-all;text-align:start">${data.url}</p>
<p style="font-size:14px;color:#667085">${note}</p>`,
      language,
    ),
  };
}

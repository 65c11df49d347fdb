import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { TeamInvitationMailData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/** Subject, text and HTML of the mail that invites someone to join a team. */
export function teamInvitation(data: TeamInvitationMailData, language: string) {
  const t = translator(language, "mail");
  const subject = t("teamInvitation.subject", { team: isolated(data.teamName, language) });
  const intro = t(`teamInvitation.intro.${data.role}`, {
    inviter: isolated(data.inviterName, language),
    team: isolated(data.teamName, language),
  });
  const how = t("teamInvitation.how");
  const note = `${t("teamInvitation.expiry", { count: data.days })} ${t("teamInvitation.ignore")}`;
  return {
    subject,
    text: `${intro}\n\n${how}\n\n${data.url}\n\n${note}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${intro}</p>
<p style="font-size:14px">${how}</p>
<p style="margin:24px 0"><a href="${data.url}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${t("teamInvitation.button")}</a></p>
<p dir="ltr" style="font-size:12px;color:#667085;word-break:break-all;text-align:start">${data.url}</p>
<p style="font-size:14px;color:#667085">${note}</p>`,
      language,
    ),
  };
}

import { translator } from "../../i18n/serverI18n";
import { html } from "../html";
import type { CalendarFailingData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/**
 * To a host whose calendar connection stopped syncing: which one, why in plain words, and where
 * to fix it. Sent once when a failure run starts, not per attempt.
 */
export function calendarFailing(data: CalendarFailingData, language: string) {
  const t = translator(language, "mail");
  const subject = t("calendarFailing.subject", { name: data.connectionName });
  const intro = t("calendarFailing.intro", { name: data.connectionName });
  const reason = t(`calendarFailing.reason.${data.reason}`);
  const fix = t("calendarFailing.fix");
  return {
    subject,
    text: `${intro}\n\n${reason}\n\n${fix}\n\n${data.url}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${intro}</p>
<p style="font-size:14px">${reason}</p>
<p style="font-size:14px">${fix}</p>
<p dir="ltr" style="font-size:12px;word-break:break-all;text-align:start"><a href="${data.url}">${data.url}</a></p>`,
      language,
    ),
  };
}

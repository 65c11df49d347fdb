import { translator } from "../../i18n/serverI18n";
import { html } from "../html";
import type { WebhookPausedData } from "../mailTypes";
import { htmlLayout, textFooter } from "./layout";

/**
 * To a webhook subscription's owner when the server paused it: the receiver answered 410 Gone,
 * or one delivery failed for 24 hours. Deliveries wait until the owner resumes it.
 */
export function webhookPaused(data: WebhookPausedData, language: string) {
  const t = translator(language, "mail");
  const subject = t("webhookPaused.subject");
  const why = t(data.reason === "gone" ? "webhookPaused.gone" : "webhookPaused.failing");
  const waiting = t("webhookPaused.waiting");
  return {
    subject,
    text: `${why}\n\n${data.url}\n\n${waiting}\n\n${data.manageUrl}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${why}</p>
<p dir="ltr" style="font-size:12px;word-break:break-all;text-align:start">${data.url}</p>
<p style="font-size:14px">${waiting}</p>
<p dir="ltr" style="font-size:12px;word-break:break-all;text-align:start"><a href="${data.manageUrl}">${data.manageUrl}</a></p>`,
      language,
    ),
  };
}

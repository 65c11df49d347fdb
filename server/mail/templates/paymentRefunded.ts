import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { PaymentRefundedData } from "../mailTypes";
import { formatMoney } from "./formatMoney";
import { htmlLayout, textFooter } from "./layout";

/**
 * To a payer whose payment arrived after their held time was released and taken by someone
 * else: the booking could not be made, and the whole amount goes back.
 */
export function paymentRefunded(data: PaymentRefundedData, language: string) {
  const t = translator(language, "mail");
  const amount = formatMoney(data.amount, data.currency, language);
  const subject = t("paymentRefunded.subject");
  const intro =
    data.title === null
      ? t("paymentRefunded.lateNoTitle", { amount })
      : t("paymentRefunded.late", { amount, title: isolated(data.title, language) });
  const again = t("paymentRefunded.again");
  return {
    subject,
    text: `${intro}\n\n${again}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${intro}</p>
<p style="font-size:14px">${again}</p>`,
      language,
    ),
  };
}

import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { PaymentRefundedData } from "../mailTypes";
import { formatMoney } from "./formatMoney";
import { htmlLayout, textFooter } from "./layout";

/**
 * To a payer whose money goes back: either their payment arrived after their held time was
 * released and taken by someone else (no booking was made), or the host refunded their booking.
 */
export function paymentRefunded(data: PaymentRefundedData, language: string) {
  const t = translator(language, "mail");
  const amount = formatMoney(data.amount, data.currency, language);
  const subject = t("paymentRefunded.subject");
  if (data.reason === "host") {
    const intro = t("paymentRefunded.byHost", {
      amount,
      title: isolated(data.title ?? "", language),
    });
    return {
      subject,
      text: `${intro}\n\n${textFooter(language)}`,
      html: htmlLayout(subject, html`<p style="font-size:14px">${intro}</p>`, language),
    };
  }
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

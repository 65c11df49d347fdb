import { useTranslation } from "react-i18next";
import { buttonClassName } from "../../../components/buttonClassName";
import { useIntlLocale } from "../../../i18n/useIntlLocale";
import { Link } from "../../../router/Link";
import { useAppState } from "../../../state/appState";
import { formatLongDate, formatTime, isoDateInZone } from "../formatters";
import type { HeldPayment } from "./heldPayments";

/**
 * On a booking page, for the invitee whose own booking of it awaits payment: their time is
 * held (and so not among the times), and the way back to paying for it or giving it up.
 */
export function HeldPaymentNotice({ held, timeZone }: { held: HeldPayment; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeFormat = useAppState((state) => state.timeFormat);
  const instant = Date.parse(held.start);
  const when = t("payment.heldWhen", {
    date: formatLongDate(isoDateInZone(instant, timeZone), locale),
    time: formatTime(instant, timeZone, timeFormat, locale),
  });
  return (
    <div
      role="status"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900"
    >
      <p>{t("payment.heldNotice", { when })}</p>
      <Link to={held.pendingPath} className={buttonClassName("primary", "self-start", "compact")}>
        {t("payment.resume")}
      </Link>
    </div>
  );
}

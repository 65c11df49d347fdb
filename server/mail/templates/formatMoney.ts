import { intlLocale } from "../../../core/i18n/intlLocale";

/** An amount in minor units as money in the mail's language, e.g. 2500 EUR → '€25.00'. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(intlLocale(language), { style: "currency", currency }).format(
    amount / 10 ** digits,
  );
}

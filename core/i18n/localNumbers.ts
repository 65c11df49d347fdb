import type { FormatterModule } from "i18next";
import { intlLocale } from "./intlLocale";

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), { useGrouping: false });
    formats.set(language, format);
  }
  return format;
}

/**
 * An i18next formatter that writes every number a text interpolates ('3 seats left', 'in 5
 * seconds') the way the language writes numbers: Persian digits in fa. It runs for every value
 * (`alwaysFormat`); the catalogs use no named formats, so nothing else is needed.
 */
export const localNumbers: FormatterModule = {
  type: "formatter",
  init() {},
  add() {},
  addCached() {},
  format(value, _format, language) {
    return typeof value === "number" && Number.isFinite(value)
      ? numberFormat(language ?? "en").format(value)
      : value;
  },
};

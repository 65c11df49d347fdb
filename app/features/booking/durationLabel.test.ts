import { describe, expect, it } from "vitest";
import { durationLabel } from "../../../core/i18n/durationLabel";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { createI18n } from "../../i18n/i18n";

type BookingTexts = Record<string, string>;

const catalogs = import.meta.glob<{ booking: BookingTexts }>("../../locales/*.json", {
  eager: true,
  import: "default",
});
const languageOf = (path: string) => path.replace(/^.*\/(.+)\.json$/, "$1");

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]));

describe("durationLabel", () => {
  it("writes minutes, hours and both, each in its own plural", async () => {
    const { t } = await createI18n("en");
    expect(durationLabel(30, t)).toBe("30 minutes");
    expect(durationLabel(60, t)).toBe("1 hour");
    expect(durationLabel(61, t)).toBe("1 hour 1 minute");
    expect(durationLabel(90, t)).toBe("1 hour 30 minutes");
    expect(durationLabel(121, t)).toBe("2 hours 1 minute");
  });

  it("says دقائق for 3 to 10 minutes in Arabic, after the hours too", async () => {
    const { t } = await createI18n("ar");
    expect(durationLabel(123, t, "ar")).toBe("ساعتان و3 دقائق");
    expect(durationLabel(70, t, "ar")).toBe("ساعة واحدة و10 دقائق");
    expect(durationLabel(71, t, "ar")).toBe("ساعة واحدة و11 دقيقة");
  });

  it("writes the numbers in the language's digits", async () => {
    const { t } = await createI18n("fa");
    const label = durationLabel(30, t, "fa-u-ca-persian");
    expect(label).toContain("۳۰");
    expect(label).not.toMatch(/\d/);
    expect(durationLabel(90, t, "fa")).toBe("۱ ساعت و ۳۰ دقیقه");
  });

  // Every hours-and-minutes combination a host can pick, in every language: each part in the
  // plural form Intl.PluralRules (which i18next follows) picks for its own number.
  for (const [path, catalog] of Object.entries(catalogs)) {
    const language = languageOf(path);
    it(`has and uses every plural form of hours and minutes in ${language}`, async () => {
      const { t } = await createI18n(language);
      const locale = intlLocale(language);
      const rules = new Intl.PluralRules(locale);
      const digits = new Intl.NumberFormat(locale, { useGrouping: false });
      const texts = catalog.booking;
      const form = (unit: "Hours" | "Minutes", count: number) => {
        const key = `duration${unit}_${rules.select(count)}`;
        expect(texts[key], `${language} ${key}`).toBeTruthy();
        return fill(texts[key]!, { count });
      };
      for (let hours = 0; hours <= 3; hours++) {
        for (let minutes = hours === 0 ? 1 : 0; minutes < 60; minutes++) {
          const expected =
            hours === 0
              ? form("Minutes", minutes)
              : minutes === 0
                ? form("Hours", hours)
                : fill(texts.durationHoursMinutes!, {
                    hours: form("Hours", hours),
                    minutes: form("Minutes", minutes),
                  });
          const local = expected.replace(/\d+/g, (number) => digits.format(Number(number)));
          expect(durationLabel(hours * 60 + minutes, t, locale)).toBe(local);
        }
      }
    });
  }
});

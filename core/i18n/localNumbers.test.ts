import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { localNumbers } from "./localNumbers";

async function translate(language: string, text: string, params: Record<string, unknown>) {
  const instance = i18next.createInstance();
  await instance.use(localNumbers).init({
    lng: language,
    resources: { [language]: { translation: { text } } },
    lowerCaseLng: true,
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return (instance.t as (key: string, params: object) => string)("text", params);
}

describe("localNumbers", () => {
  it("writes interpolated numbers with Persian digits in fa", async () => {
    expect(await translate("fa", "{{count}} صندلی خالی", { count: 12 })).toBe("۱۲ صندلی خالی");
  });

  it("keeps Latin digits where the language uses them, without grouping", async () => {
    expect(await translate("de-du", "noch {{count}} Sekunden", { count: 10 })).toBe(
      "noch 10 Sekunden",
    );
    expect(await translate("en", "year {{year}}", { year: 2026 })).toBe("year 2026");
  });

  it("leaves text values as they are", async () => {
    expect(await translate("fa", "{{name}}", { name: "Dana 3" })).toBe("Dana 3");
  });
});

import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../core/accounts/accountSchemas";
import { leaves } from "../../core/i18n/catalogRules";
import { issueMessage } from "../../core/issueMessage";
import { message } from "../../core/messages";
import { englishCatalog, translator } from "./serverI18n";
import { translate, translateAny } from "./translateMessage";

const englishTexts = () =>
  leaves(englishCatalog("errors")).map(([key, text]) => [key, String(text)] as const);

describe("translate", () => {
  it("says a message by key in the asked language, with its parameters", () => {
    const german = translate(message("fields.atMostCharacters", { count: 200 }), "de");
    expect(german).toBe(translator("de", "errors")("fields.atMostCharacters", { count: 200 }));
    expect(german).toContain("200");
    expect(german).not.toBe("At most 200 characters.");
    expect(translate(message("booking.notFound"), "en")).toBe("Booking not found.");
  });

  it("writes counts with Persian digits in fa", () => {
    expect(translate(message("emailCode.waitSeconds", { count: 42 }), "fa")).toMatch(/۴۲/);
  });

  it("has every message in every language, none left in English", () => {
    for (const language of LANGUAGES.filter((language) => language !== "en")) {
      const t = translator(language, "errors");
      for (const [fullKey, english] of englishTexts()) {
        const key = fullKey.replace(/_(one|other)$/, "");
        const params = { count: fullKey.endsWith("_one") ? 1 : 7 };
        const text = t(key, params);
        expect(text, `${language}: ${key}`).not.toBe(key);
        // Short technical texts may read the same ("Slotted", "E-Mail"); sentences may not.
        if (english.split(" ").length > 3) {
          expect(text, `${language}: ${key}`).not.toBe(translator("en", "errors")(key, params));
        }
      }
    }
  });
});

describe("translateAny", () => {
  it("says a Message and a zod issue's encoded message alike", () => {
    const params = { earliest: "2000-01-01", latest: "2100-12-31" };
    expect(translateAny(issueMessage("time.useDateBetween", params), "en")).toBe(
      "Use a date between 2000-01-01 and 2100-12-31.",
    );
    expect(translateAny(message("time.useDateBetween", params), "fr")).toBe(
      translate(message("time.useDateBetween", params), "fr"),
    );
  });

  it("leaves text that encodes no message as it is", () => {
    expect(translateAny("Ungültige Eingabe", "de")).toBe("Ungültige Eingabe");
  });
});

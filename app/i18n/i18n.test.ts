import { describe, expect, it } from "vitest";
import { availableLanguages, createI18n, loadHostCatalog } from "./i18n";

describe("createI18n", () => {
  it("finds the catalogs in app/locales", () => {
    expect(availableLanguages).toContain("en");
  });

  it("loads the catalog of the language before resolving", async () => {
    const i18n = await createI18n("en");

    expect(i18n.language).toBe("en");
    expect(i18n.t("notFound.title")).toBe("Page not found");
    await loadHostCatalog();
    expect(i18n.t("home.signedInAs", { name: "<Ana>" })).toBe("You are signed in as <Ana>.");
  });

  it("creates independent instances", async () => {
    const [a, b] = await Promise.all([createI18n("en"), createI18n("en")]);
    expect(a).not.toBe(b);
  });
});

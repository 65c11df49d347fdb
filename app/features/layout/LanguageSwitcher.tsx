import { useId } from "react";
import { useTranslation } from "react-i18next";
import { availableLanguages } from "../../i18n/i18n";
import { languageNames } from "../../i18n/languageNames";
import { switchLanguage } from "../../i18n/switchLanguage";

const selectClassName =
  "min-h-9 max-w-full rounded-md border border-field-border bg-white px-2 py-1 text-sm text-gray-900";

// Known languages first in their usual order, then any other catalog there is.
const languages = [
  ...Object.keys(languageNames).filter((language) => availableLanguages.includes(language)),
  ...availableLanguages.filter((language) => !(language in languageNames)),
];

/** A labelled select of the interface languages, each named in its own language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <label htmlFor={id}>{t("layout.language")}</label>
      <select
        id={id}
        className={selectClassName}
        value={i18n.language}
        onChange={(event) => void switchLanguage(i18n, event.target.value)}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language] ?? language}
          </option>
        ))}
      </select>
    </div>
  );
}

export { selectClassName };

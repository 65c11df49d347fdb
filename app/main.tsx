import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { detectLanguage } from "./i18n/detectLanguage";
import { availableLanguages, createI18n } from "./i18n/i18n";
import { languageDirection } from "./i18n/languageDirection";
import { readCookie } from "./lib/readCookie";

const i18n = await createI18n(
  detectLanguage(readCookie("language"), navigator.languages, availableLanguages),
);

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}
applyDocumentLanguage(i18n.language);
i18n.on("languageChanged", applyDocumentLanguage);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);

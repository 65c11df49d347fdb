import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { prefetchBookingPage } from "./features/booking/prefetchBookingPage";
import { detectLanguage } from "./i18n/detectLanguage";
import { availableLanguages, createI18n } from "./i18n/i18n";
import { languageDirection } from "./i18n/languageDirection";
import { readCookie } from "./lib/readCookie";
import { matchRoute } from "./routes/matchRoute";
import { bookingRouteNames } from "./routes/routeTable";
import { startAppStateWatchers } from "./state/appState";

// The first page's chunk and data download while the language catalog loads, not after it,
// and the first render waits for the chunk too, so it shows the page, not a fallback.
const firstRoute = matchRoute(window.location.pathname);
if (bookingRouteNames.has(firstRoute.name)) prefetchBookingPage(firstRoute.params);
const [i18n] = await Promise.all([
  createI18n(detectLanguage(readCookie("language"), navigator.languages, availableLanguages)),
  firstRoute.route.Page.preload(),
]);

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}
applyDocumentLanguage(i18n.language);
i18n.on("languageChanged", applyDocumentLanguage);
startAppStateWatchers();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);

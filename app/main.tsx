// Self-hosted fonts (styles.css picks them by language): their files download only when a
// page's text uses the family, so an English page never fetches the Arabic or Persian ones,
// and Lato's latin-ext half only when a character needs it (Polish, Finnish...).
import "@fontsource/lato/latin-400.css";
import "@fontsource/lato/latin-700.css";
import "@fontsource/lato/latin-ext-400.css";
import "@fontsource/lato/latin-ext-700.css";
import "@fontsource/vazirmatn/arabic-400.css";
import "@fontsource/vazirmatn/arabic-700.css";
import "@fontsource/noto-sans-arabic/arabic-400.css";
import "@fontsource/noto-sans-arabic/arabic-700.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { languageDirection } from "../core/i18n/languageDirection";
import { BOOKING_ROUTES } from "../core/routing/routePages";
import { App } from "./App";
import { takeOverFirstMonth } from "./features/booking/firstMonth";
import { prefetchBookingPage } from "./features/booking/prefetchBookingPage";
import { takeOverFirstBlocks } from "./features/profile/firstBlocks";
import { takeOverRescheduleMonth } from "./features/reschedule/firstMonth";
import { detectLanguage } from "./i18n/detectLanguage";
import { availableLanguages, createI18n } from "./i18n/i18n";
import { readCookie } from "./lib/readCookie";
import { matchRoute } from "./routes/matchRoute";
import { startAppStateWatchers } from "./state/appState";

// The first page's chunk and data download while the language catalog loads, not after it,
// and the first render waits for the chunk too, so it shows the page, not a fallback.
const firstRoute = matchRoute(window.location.pathname);
if (BOOKING_ROUTES.has(firstRoute.name)) {
  // The server may have sent the first month with the page: the page starts from it.
  takeOverFirstMonth(firstRoute.params);
  prefetchBookingPage(firstRoute.params);
} else if (firstRoute.name === "profile") {
  takeOverFirstBlocks(firstRoute.params);
} else {
  // An invitee's reschedule link may have come with its first month too.
  takeOverRescheduleMonth(firstRoute.name, firstRoute.params);
}
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

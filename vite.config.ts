import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { catalogParts } from "./scripts/catalogParts.mjs";

const apiServer = "http://localhost:3000";

const app = (paths: string) => new RegExp(`[\\\\/]app[\\\\/](${paths})(\\.tsx?)?$`);
const chunkGroups = [
  {
    // What app/early.ts runs before the libraries arrive: no React, nothing of the shell. The
    // priority keeps the shell from taking them as its own dependencies.
    name: "visitor",
    priority: 20,
    test: /[/](app[/](api[/]earlyRequests|features[/]booking[/](bookingPagePaths|bookingSource|bookingUrlState|formatters|timetablePaths)|lib[/](calendarMonth|readCookie|browserTimeZone)|state[/]visitorSettings)|core[/](routing[/](clientRoutes|matchPath|routePages)|time[/](localDate|timeZoneAliases)))(\.tsx?)?$/,
  },
  {
    name: "vendor",
    test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|void-elements|html-parse-stringify)[\\/]/,
  },
  {
    name: "shell",
    test: app(
      [
        // Not main.tsx: its top-level await imports the page chunks, which import the shell.
        "App",
        "router/[^/]+",
        "state/[^/]+",
        "lib/[^/]+",
        "i18n/(i18n|detectLanguage|languageDirection|intlLocale|useIntlLocale|languageNames|switchLanguage)",
        "api/(apiClient|publicApi|publicQuery|loadingRules|errorMessage)",
        "components/(ErrorBoundary|LoadingIndicator|Button|buttonClassName|Alert|FocusHeading)",
        "features/(layout|embed|analytics|brand)/[^/]+",
        "features/consent/consentCookie",
        "features/booking/(prefetchBookingPage|bookingApi|bookingSource|calendarMonth|formatters|useTimetable|timetable)",
        "routes/(PageLayout|ErrorPage|NotFoundPage|lazyRoute|routeTable|matchRoute)",
      ].join("|"),
    ),
  },
  {
    name: "booking",
    test: app(
      "routes/BookingPage|features/booking/(SlotPicker|MonthCalendar|TimeSlots|TimeZoneField|EventSummary|HostAvatars|locationText|durationLabel|DurationChoice|BookingCard|SummarySkeleton)",
    ),
  },
];

export default defineConfig({
  root: fileURLToPath(new URL("./app", import.meta.url)),
  plugins: [catalogParts(), react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("./dist/app", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    // The server reads it to name a route's chunks and catalog in the page it sends (modulepreload).
    manifest: true,
    rolldownOptions: {
      // early.ts is its own entry: the server adds it to booking pages (server/plugins/routePreloads.ts).
      input: {
        index: fileURLToPath(new URL("./app/index.html", import.meta.url)),
        early: fileURLToPath(new URL("./app/early.ts", import.meta.url)),
      },
      output: {
        // The booking page's first paint needs the libraries, the shell and the booking screen:
        // three chunks instead of some thirty small ones (measured by bench/client.ts).
        codeSplitting: { groups: chunkGroups },
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Anchored patterns: a plain "/api" prefix would also proxy a user named "apiary".
    proxy: {
      "^/api(/|$)": apiServer,
      "^/dev(/|$)": apiServer,
    },
  },
});

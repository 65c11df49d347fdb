import { describe, expect, it } from "vitest";
import { routePreloads, type ViteManifest, withPreloads } from "./routePreloads";

const manifest: ViteManifest = {
  "index.html": {
    file: "assets/index-1.js",
    isEntry: true,
    imports: ["_vendor-1.js", "_shell-1.js", "_visitor-1.js"],
  },
  "early.ts": { file: "assets/early-1.js", isEntry: true, imports: ["_visitor-1.js"] },
  "_vendor-1.js": { file: "assets/vendor-1.js" },
  "_visitor-1.js": { file: "assets/visitor-1.js" },
  "_shell-1.js": { file: "assets/shell-1.js", imports: ["_vendor-1.js", "_visitor-1.js"] },
  "_booking-1.js": { file: "assets/booking-1.js", imports: ["_shell-1.js", "_vendor-1.js"] },
  "_dates-1.js": { file: "assets/dates-1.js" },
  "routes/BookingPage.tsx": {
    file: "assets/BookingPage-1.js",
    imports: ["_booking-1.js", "_dates-1.js"],
  },
  "routes/CancelPage.tsx": { file: "assets/CancelPage-1.js", imports: ["_dates-1.js"] },
  "locales/de.json?part=public": { file: "assets/de-1.js" },
  "locales/de.json?part=host": { file: "assets/de-2.js" },
};

describe("routePreloads", () => {
  it("names the route's module, what it imports beyond the entry, and the public catalog", () => {
    expect(routePreloads(manifest, { pageModule: "BookingPage", booking: true }, "de")).toEqual({
      files: [
        "assets/BookingPage-1.js",
        "assets/booking-1.js",
        "assets/dates-1.js",
        "assets/de-1.js",
      ],
      earlyScript: "assets/early-1.js",
    });
    expect(routePreloads(manifest, { pageModule: "CancelPage", booking: false }, "de")).toEqual({
      files: ["assets/CancelPage-1.js", "assets/dates-1.js", "assets/de-1.js"],
      earlyScript: null,
    });
  });

  it("gives only what the manifest has: no route module, no catalog, no manifest", () => {
    const none = { pageModule: undefined, booking: false };
    expect(routePreloads(manifest, none, "de").files).toEqual(["assets/de-1.js"]);
    const gone = { pageModule: "GonePage", booking: false };
    expect(routePreloads(manifest, gone, "xx").files).toEqual([]);
    expect(routePreloads({}, { pageModule: "BookingPage", booking: true }, "de")).toEqual({
      files: [],
      earlyScript: null,
    });
  });
});

describe("withPreloads", () => {
  const html = "<html><head><title>x</title></head><body></body></html>";

  it("puts the early entry first in the head and one modulepreload link per file at its end", () => {
    expect(
      withPreloads(html, { files: ["assets/a.js", "assets/b c.js"], earlyScript: "assets/e.js" }),
    ).toBe(
      '<html><head>\n    <script type="module" async crossorigin src="/assets/e.js"></script>' +
        '<title>x</title>  <link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/b%20c.js">\n  </head><body></body></html>',
    );
  });

  it("leaves a page without preloads as it is", () => {
    expect(withPreloads(html, { files: [], earlyScript: null })).toBe(html);
  });
});

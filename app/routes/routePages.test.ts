import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTES } from "../../core/routing/clientRoutes";
import { ROUTE_PAGES } from "../../core/routing/routePages";

const routeTable = readFileSync(new URL("./routeTable.ts", import.meta.url), "utf8");

describe("ROUTE_PAGES", () => {
  it("names, for every invitee-facing route, the module the route table loads for it", () => {
    for (const [name, module] of Object.entries(ROUTE_PAGES)) {
      expect(existsSync(new URL(`./${module}.tsx`, import.meta.url)), module).toBe(true);
      expect(routeTable).toContain(`import("./${module}")`);
      // The route table gives the route that module's page.
      expect(routeTable).toMatch(new RegExp(`\\b${name}: ${module},`));
    }
  });

  it("leaves out only the host's routes and the not-found page", () => {
    const left = CLIENT_ROUTES.map((r) => r.name).filter((name) => !(name in ROUTE_PAGES));
    expect([...new Set(left)]).toEqual(["home", "dashboard", "notFound"]);
  });
});

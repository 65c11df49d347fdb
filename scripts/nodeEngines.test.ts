import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// `npm ci` warns EBADENGINE for every locked package whose `engines.node` excludes the Node
// the project says it runs on (package.json's engines): a new user's first command should not
// warn. cookie@2 and content-disposition@3 want Node 22; package.json's overrides pin
// versions with the same API that support Node 20.

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.split(".").map((part) => Number(part));
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** One comparator of a semver range (`>=22`, `^20.19.0`, `20`, `<24`), or throws when unread. */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|\^|~|=)?v?(\d+(?:\.\d+){0,2})(?:\.[x*])*$/.exec(comparator);
  if (!match) throw new Error(`unread engines comparator "${comparator}"`);
  const [, operator = "", text = ""] = match;
  const bound = parseVersion(text);
  const parts = text.split(".").length;
  const order = compare(version, bound);
  switch (operator) {
    case ">=":
      return order >= 0;
    case ">":
      return order > 0;
    case "<=":
      return order <= 0;
    case "<":
      return order < 0;
    case "^":
      return order >= 0 && version[0] === bound[0];
    case "~":
      return order >= 0 && version[0] === bound[0] && (parts < 2 || version[1] === bound[1]);
    default:
      // `20` or `20.19`: every version of that major (or minor).
      return version[0] === bound[0] && (parts < 2 || version[1] === bound[1]) && order >= 0;
  }
}

function satisfiesRange(version: Version, range: string): boolean {
  return range
    .split("||")
    .map((alternative) => alternative.trim())
    .some(
      (alternative) =>
        alternative === "*" ||
        alternative
          .replace(/([<>=^~]+)\s+/g, "$1")
          .split(/\s+/)
          .every((comparator) => satisfiesComparator(version, comparator)),
    );
}

const root = new URL("..", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe("Node engines", () => {
  it("reads the ranges packages write", () => {
    expect(satisfiesRange([20, 19, 0], ">=22")).toBe(false);
    expect(satisfiesRange([20, 19, 0], "18 || 20 || >=22")).toBe(true);
    expect(satisfiesRange([20, 19, 0], "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfiesRange([20, 18, 0], "^20.19.0 || >=22.12.0")).toBe(false);
    expect(satisfiesRange([20, 19, 0], ">= 18.0.0 < 21")).toBe(true);
    expect(satisfiesRange([20, 19, 0], "10.* || >= 12.*")).toBe(true);
  });

  it("lets every locked package run on the oldest Node the project supports", () => {
    const oldest = parseVersion(manifest.engines.node.replace(/^>=\s*/, ""));
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || range === undefined || satisfiesRange(oldest, range)) return [];
      return [`${path.replace(/^.*node_modules\//, "")}@${entry.version} wants Node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});

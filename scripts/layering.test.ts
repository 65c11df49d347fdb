import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The layering of docs/ARCHITECTURE.md, checked on every import of every source file: a rule
// a newcomer can break without noticing is one a test keeps.
const root = resolve(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["core", "server", "app", "embed", "bench", "e2e", "scripts"];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

function sourceFiles(folder: string): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((path) => EXTENSIONS.some((extension) => path.endsWith(extension)))
    .filter((path) => !path.endsWith(".d.ts") && !path.split("/").includes("node_modules"))
    .map((path) => join(folder, path));
}

/** The project file a relative specifier names, or null for a package or a non-source file. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = join(dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => join(base, `index${extension}`)),
    // ESM specifiers name the built file: ./x.js for ./x.ts.
    base.replace(/\.m?js$/, ".ts"),
  ];
  const found = candidates.find(
    (path) => existsSync(join(root, path)) && statSync(join(root, path)).isFile(),
  );
  return found && EXTENSIONS.some((extension) => found.endsWith(extension)) ? found : null;
}

const files = SOURCE_FOLDERS.flatMap(sourceFiles);
const imports = new Map<string, string[]>(
  files.map((file) => {
    const text = readFileSync(join(root, file), "utf8");
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveImport(file, fileName))
      .filter((target): target is string => target !== null);
    return [file, [...new Set(targets)]];
  }),
);

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes("/testing/");
const inside = (file: string, folder: string) => file.startsWith(`${folder}/`);

/** Imports from files under `from` (tests included or not) into files matching `forbidden`. */
function violations(
  from: string,
  forbidden: (target: string) => boolean,
  { includeTests = true } = {},
): string[] {
  return [...imports]
    .filter(([file]) => inside(file, from) && (includeTests || !isTest(file)))
    .flatMap(([file, targets]) => targets.filter(forbidden).map((target) => `${file} → ${target}`));
}

/** Every import cycle among the files, as one line per strongly connected component. */
function cycles(): string[] {
  // Tarjan's algorithm, iterative enough for a few hundred files.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort().join(" ↔ "));
    }
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("layering (docs/ARCHITECTURE.md)", () => {
  it("reads the project's sources", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.get("server/app.ts")?.length).toBeGreaterThan(5);
  });

  it("core/ imports nothing of ours outside core/", () => {
    expect(violations("core", (target) => !inside(target, "core"))).toEqual([]);
  });

  it("app/ never imports server/", () => {
    expect(violations("app", (target) => inside(target, "server"))).toEqual([]);
  });

  it("server/ never imports app/", () => {
    expect(violations("server", (target) => inside(target, "app"))).toEqual([]);
  });

  it("app/components/ imports nothing from app/features/ or app/routes/", () => {
    expect(
      violations(
        "app/components",
        (target) => inside(target, "app/features") || inside(target, "app/routes"),
      ),
    ).toEqual([]);
  });

  it("embed/ imports nothing of the client or the server", () => {
    expect(
      violations("embed", (target) => inside(target, "app") || inside(target, "server")),
    ).toEqual([]);
  });

  it("production code never imports test support", () => {
    expect(
      [...imports]
        .filter(([file]) => ["core", "server", "app"].some((folder) => inside(file, folder)))
        .filter(([file]) => !isTest(file) && !inside(file, "server/test"))
        .flatMap(([file, targets]) =>
          targets
            .filter((target) => inside(target, "server/test") || isTest(target))
            .map((target) => `${file} → ${target}`),
        ),
    ).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(cycles()).toEqual([]);
  });
});

// The checker itself: a rule that cannot fail is no rule.
describe("the layering checker", () => {
  it("resolves relative specifiers to project files", () => {
    expect(resolveImport("server/app.ts", "./deps")).toBe("server/deps.ts");
    expect(resolveImport("server/app.ts", "fastify")).toBeNull();
  });

  it("finds a cycle", () => {
    const saved = new Map(imports);
    try {
      imports.set("core/errors.ts", [...(imports.get("core/errors.ts") ?? []), "server/app.ts"]);
      imports.set("server/app.ts", [...(imports.get("server/app.ts") ?? []), "core/errors.ts"]);
      expect(cycles().some((line) => line.includes("core/errors.ts"))).toBe(true);
      expect(violations("core", (target) => !inside(target, "core"))).toContain(
        "core/errors.ts → server/app.ts",
      );
    } finally {
      imports.clear();
      for (const [file, targets] of saved) imports.set(file, targets);
    }
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";

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

// The layers inside server/, top to bottom: a file imports its own layer or one below, never
// one above. Each folder of server/ sits in one layer, with the reason it sits there; a folder
// missing here fails the test, so a new one is placed on purpose.
const SERVER_LAYERS = [
  {
    layer: "entry",
    why: "starts the process and wires everything; nothing imports it back",
    files: ["app.ts", "main.ts", "demo.ts", "backup.ts"],
  },
  {
    layer: "http",
    why: "parses requests, calls one command or query, presents the answer",
    folders: {
      routes: "one folder per resource of the API",
      plugins: "Fastify hooks every route shares: auth, errors, compression, framing",
    },
  },
  {
    layer: "commands",
    why: "changes state in one transaction and records the change; workers run them later",
    folders: {
      commands: "one file per state change",
      bookingChanges:
        "the change row a booking command records, and the processors that derive its effects",
      policies: "who may do what, asked by commands and routes before they act",
      eventTypes: "the write steps the event type commands share; they ask policies",
      routingForms: "the write steps and CSV of routing forms; they ask policies",
    },
    // A worker claims jobs and runs commands, wherever its folder: it sits beside the commands.
    // The generic loops it runs on (workers/pollingWorker.ts, claimWorker.ts) are tools.
    filePattern: /^(?!workers\/(pollingWorker|claimWorker)\.ts$).*Worker\.ts$/,
  },
  {
    layer: "domain",
    why: "the rules of one subject, used by commands; knows no request nor command",
    folders: {
      accounts: "what an account's fields may hold",
      auth: "sessions, passwords, secrets and throttles",
      availability: "which slots a host can offer",
      booking: "how a booking is written, moved and cancelled",
      calendars: "reading and writing the hosts' external calendars",
      pages: "the public page's blocks and insights",
      insights: "booking insights: aggregates over the meetings, forms and page views, in SQL",
      payments: "the gateway, refunds and payment holds",
      teams: "team hosts, colours and invitation tokens",
      uploads: "storing uploaded media",
      verification: "email codes and rate limits",
      webhooks: "webhook payloads, signing and delivery",
      workflows: "what a workflow's steps send, to whom and when, from a booked meeting",
    },
  },
  {
    layer: "messaging",
    why: "mails, their templates and the outbox, which every domain sends through",
    folders: {
      mail: "templates, the outbox and the SMTP sender",
      sms: "texts: the provider, opt-outs, verified numbers and monthly limits",
    },
  },
  {
    layer: "tools",
    why: "generic helpers that know no subject of Slotted",
    folders: {
      i18n: "translated messages of the server",
      crypto: "the credential box",
      net: "guarded fetches to public hosts only",
      workers:
        "the loops every worker runs on (poll, wake on commit, claim–run–mark, retry backoff); the workers themselves match the commands layer's pattern",
    },
  },
  {
    layer: "data",
    why: "named queries over the tables, no rules beyond the query",
    folders: { data: "one file per table family" },
  },
  {
    layer: "db",
    why: "the schema, the connection and its migrations, and deps.ts that hands them on",
    folders: { db: "schema.ts, migrations, the database handle" },
    files: ["deps.ts"],
  },
  {
    layer: "foundation",
    why: "the configuration and types every layer receives",
    files: ["config.ts", "projectRoot.ts", "loggerOptions.ts", "clock.ts"],
  },
] as const satisfies readonly {
  layer: string;
  why: string;
  folders?: Record<string, string>;
  files?: readonly string[];
  filePattern?: RegExp;
}[];

/** Test support is not layered: it builds whatever a test needs. */
const SERVER_UNLAYERED = { test: "test support", locales: "catalogs, no code" };

// Upward imports left on purpose, each with why and who ends it. The test fails when one is
// no longer there, so the list only shrinks.
const SERVER_EXCEPTIONS: { from: string; to: string; why: string }[] = [];

type ServerLayer = (typeof SERVER_LAYERS)[number];

/** The layer of a server/ file (by file, pattern, then folder), or null for test support. */
function serverLayerOf(file: string): { rank: number; layer: ServerLayer } | "unlayered" | null {
  const path = file.slice("server/".length);
  const [folder] = path.split("/");
  if (folder! in SERVER_UNLAYERED || isTest(file)) return "unlayered";
  const rank = SERVER_LAYERS.findIndex(
    (layer) =>
      ("files" in layer && (layer.files as readonly string[]).includes(path)) ||
      ("filePattern" in layer && layer.filePattern.test(path)),
  );
  const byFolder =
    rank >= 0
      ? rank
      : SERVER_LAYERS.findIndex(
          (layer) => "folders" in layer && path.includes("/") && folder! in layer.folders,
        );
  return byFolder >= 0 ? { rank: byFolder, layer: SERVER_LAYERS[byFolder]! } : null;
}

/** Where the code of a file in `folder` at `rank` may go: its folder, or the layer below. */
function placesFor(folder: string, rank: number): string {
  const below = SERVER_LAYERS[rank + 1];
  const places = below
    ? [
        ...("folders" in below ? Object.keys(below.folders).map((name) => `${name}/`) : []),
        ...("files" in below ? below.files : []),
      ]
    : [];
  const own = folder.endsWith(".ts") ? "its own file" : `${folder}/`;
  return below ? `${own} or the ${below.layer} layer (${places.join(", ")})` : own;
}

/** Every import of a server/ file into a layer above its own, said with where the code belongs. */
function upwardImports(): string[] {
  return [...imports]
    .filter(([file]) => inside(file, "server"))
    .flatMap(([file, targets]) => {
      const from = serverLayerOf(file);
      if (from === "unlayered" || from === null) return [];
      return targets.flatMap((target) => {
        const to = inside(target, "server") ? serverLayerOf(target) : null;
        if (to === "unlayered" || to === null || to.rank >= from.rank) return [];
        if (SERVER_EXCEPTIONS.some((e) => e.from === file && e.to === target)) return [];
        return [
          `${file} (${from.layer.layer}) imports ${target} (${to.layer.layer}, above it): ` +
            `move what it uses into ${placesFor(file.split("/")[1]!, from.rank)}, or let the ${to.layer.layer} caller pass it in`,
        ];
      });
    });
}

// The wall clock is read in one place, deps.clock, so tests set the time and every part of a
// request agrees on it. Only the files that build deps.clock may read it.
const CLOCK_READERS: Record<string, string> = {
  "server/main.ts": "builds deps.clock for the server",
  "server/demo.ts": "builds deps.clock for the demo server",
  "server/bookingChanges/changeWorkerThread.ts":
    "builds the clock of the change thread, which stamps processed_at and nothing else",
  "server/backup.ts": "the backup program: names and stamps a backup with the time it is taken",
};
const WALL_CLOCK = /\bnew Date\(\s*\)|\bDate\.now\(\s*\)/;

/** Each line of server/'s production code that reads the wall clock outside CLOCK_READERS. */
function wallClockReads(): string[] {
  return files
    .filter((file) => inside(file, "server") && serverLayerOf(file) !== "unlayered")
    .filter((file) => !(file in CLOCK_READERS))
    .flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) =>
          WALL_CLOCK.test(line)
            ? [
                `${file}:${index + 1} reads the wall clock: take \`now\` from deps.clock (passed in)`,
              ]
            : [],
        ),
    );
}

// Every command has a test of its own beside it: a state change nobody checks is one that
// breaks unnoticed.
function commandsWithoutTests(): string[] {
  return files
    .filter((file) => inside(file, "server/commands") && !isTest(file))
    .filter((file) => !existsSync(join(root, file.replace(/\.ts$/, ".test.ts"))))
    .map(
      (file) =>
        `${file} has no ${file.replace(/^.*\//, "").replace(/\.ts$/, ".test.ts")} beside it`,
    );
}

// One source for wire types: the client names the answers of the API by the types core/api
// infers from its schemas (`import type`), never by a copy of its own that drifts from them.
// A type app/ declares (an interface, an object type, or an object type written as the type
// argument of a call, such as apiClient.get<{ … }>) is a copy when its fields are all fields of an object
// schema of core/api and cover it: all of them, or at least two and half of them. A component's
// props and the schemas of requests are not answers.

/** The field names of every object schema core/api exports, its nested objects included. */
let wireShapesRead: Promise<{ name: string; keys: Set<string> }[]> | undefined;
function wireShapes(): Promise<{ name: string; keys: Set<string> }[]> {
  wireShapesRead ??= readWireShapes();
  return wireShapesRead;
}

async function readWireShapes(): Promise<{ name: string; keys: Set<string> }[]> {
  const shapes: { name: string; keys: Set<string> }[] = [];
  const seen = new Set<unknown>();
  const visit = (name: string, schema: unknown): void => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    if (schema instanceof z.ZodObject) {
      const shape = schema.shape as Record<string, unknown>;
      shapes.push({ name, keys: new Set(Object.keys(shape)) });
      for (const [key, field] of Object.entries(shape)) visit(`${name}.${key}`, field);
    } else if (
      schema instanceof z.ZodOptional ||
      schema instanceof z.ZodNullable ||
      schema instanceof z.ZodDefault
    ) {
      visit(name, schema.unwrap());
    } else if (schema instanceof z.ZodArray) {
      visit(`${name}[]`, schema.element);
    } else if (schema instanceof z.ZodUnion) {
      for (const option of schema.options) visit(name, option);
    } else if (schema instanceof z.ZodIntersection) {
      visit(name, schema.def.left);
      visit(name, schema.def.right);
    } else if (schema instanceof z.ZodPipe) {
      visit(name, schema.def.in);
    }
  };
  for (const file of files.filter((f) => inside(f, "core/api") && !isTest(f))) {
    const module = (await import(join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      // What a client sends or puts in a query string is not an answer.
      if (!/(Query|Params|Request|Body|Input)(Schema)?$/.test(name))
        visit(`${file} ${name}`, value);
    }
  }
  return shapes;
}

/** The object types a file declares, with their field names: `name`, line and keys. */
function declaredObjectTypes(
  file: string,
  text = readFileSync(join(root, file), "utf8"),
): { name: string; line: number; keys: string[] }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { name: string; line: number; keys: string[] }[] = [];
  const keysOf = (members: ts.NodeArray<ts.TypeElement>) =>
    members.flatMap((member) =>
      ts.isPropertySignature(member) && member.name && !ts.isComputedPropertyName(member.name)
        ? [member.name.text]
        : [],
    );
  const add = (name: string, node: ts.Node, members: ts.NodeArray<ts.TypeElement>) =>
    found.push({
      name,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      keys: keysOf(members),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node)) add(node.name.text, node, node.members);
    else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
      add(node.name.text, node, node.type.members);
    } else if (ts.isCallExpression(node)) {
      for (const argument of node.typeArguments ?? []) {
        if (ts.isTypeLiteralNode(argument)) {
          add(`the type argument of ${node.expression.getText()}`, argument, argument.members);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether an object type with `keys` copies the schema whose fields are `schema`. */
function copiesShape(keys: string[], schema: Set<string>): boolean {
  if (keys.length === 0 || !keys.every((key) => schema.has(key))) return false;
  return keys.length === schema.size || (keys.length >= 2 && keys.length * 2 >= schema.size);
}

/** Each type in app/ that copies a shape of core/api instead of importing its type. */
async function copiedWireTypes(): Promise<string[]> {
  const shapes = await wireShapes();
  return files
    .filter((file) => inside(file, "app") && !isTest(file))
    .flatMap((file) =>
      declaredObjectTypes(file).flatMap(({ name, line, keys }) => {
        if (name.endsWith("Props")) return [];
        const copies = shapes.filter((shape) => copiesShape(keys, shape.keys));
        const copied = copies.find((shape) => shape.keys.size === keys.length) ?? copies[0];
        return copied
          ? [
              `${file}:${line} ${name} { ${keys.join(", ")} } copies ${copied.name}: ` +
                "`import type` the type core/api infers from it",
            ]
          : [];
      }),
    );
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

  it("places every server/ file in a layer", () => {
    const unplaced = files
      .filter((file) => inside(file, "server") && serverLayerOf(file) === null)
      .map((file) => `${file}: add its folder (or, at the root, the file) to SERVER_LAYERS`);
    expect(unplaced).toEqual([]);
  });

  it("server/ imports only its own layer or those below (routes → commands → domain → data → db)", () => {
    expect(upwardImports()).toEqual([]);
  });

  it("keeps only the server/ exceptions that are still needed", () => {
    const stale = SERVER_EXCEPTIONS.filter(
      (exception) => !(imports.get(exception.from) ?? []).includes(exception.to),
    ).map((exception) => `${exception.from} → ${exception.to}: gone, remove the exception`);
    expect(stale).toEqual([]);
  });

  it("server/ reads the clock only through deps.clock", () => {
    expect(wallClockReads()).toEqual([]);
  });

  it("every server/commands/ file has its own test", () => {
    expect(commandsWithoutTests()).toEqual([]);
  });

  // It loads core/api's schemas and parses every client file: seconds on a loaded machine.
  it("app/ declares no type for an answer core/api defines (it imports that type)", {
    timeout: 60_000,
  }, async () => {
    expect(await copiedWireTypes()).toEqual([]);
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

  it("reports an upward import inside server/ with where the code belongs", () => {
    const saved = imports.get("server/data/users.ts") ?? [];
    try {
      imports.set("server/data/users.ts", [...saved, "server/commands/paymentSettler.ts"]);
      const found = upwardImports().find((line) => line.startsWith("server/data/users.ts"));
      expect(found).toContain(
        "server/data/users.ts (data) imports server/commands/paymentSettler.ts (commands, above it)",
      );
      expect(found).toContain("move what it uses into data/ or the db layer (db/, deps.ts)");
    } finally {
      imports.set("server/data/users.ts", saved);
    }
  });

  it("finds the object types a client file declares, and which copy an answer of core/api", {
    timeout: 60_000,
  }, async () => {
    const declared = declaredObjectTypes(
      "app/example.ts",
      [
        "interface User { id: string; email: string; name: string; username: string; timeZone: string; emailVerified: boolean }",
        "type Filter = { status?: string };",
        'const answer = apiClient.post<{ event: EventView; eventCancelled: boolean }>("/x");',
      ].join("\n"),
    );
    expect(declared).toEqual([
      {
        name: "User",
        line: 1,
        keys: ["id", "email", "name", "username", "timeZone", "emailVerified"],
      },
      { name: "Filter", line: 2, keys: ["status"] },
      { name: "the type argument of apiClient.post", line: 3, keys: ["event", "eventCancelled"] },
    ]);
    const shapes = await wireShapes();
    const copied = (keys: string[]) =>
      shapes.filter((shape) => copiesShape(keys, shape.keys)).map((shape) => shape.name);
    // The user of core/api/me.ts, met first inside another answer that carries it.
    expect(copied(declared[0]!.keys)).toEqual([expect.stringMatching(/\buser(Schema)?$/)]);
    expect(copied(declared[1]!.keys)).toEqual([]);
    expect(copied(declared[2]!.keys)).toContain("core/api/events.ts cancelResponseSchema");
    // A field the API never sends, or one field of many, is the client's own.
    expect(copied(["id", "email", "draft"])).toEqual([]);
    expect(copied(["timeZone", "emailVerified"])).toEqual([]);
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

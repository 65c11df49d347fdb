import { readdirSync } from "node:fs";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LANGUAGES } from "../../core/accounts/accountSchemas";
import { localizedValidationIssues } from "./localizedValidation";

// Every schema of core/api (requests and answers alike: a superset of the request schemas).
const modules = import.meta.glob<Record<string, unknown>>("../../core/api/*.ts", { eager: true });
const schemas = Object.entries(modules).flatMap(([path, exports]) =>
  Object.entries(exports).flatMap(([name, value]) =>
    value instanceof z.ZodType && !path.endsWith(".test.ts")
      ? [{ name: `${path.replace(/^.*\//, "")} ${name}`, schema: value }]
      : [],
  ),
);

// Values that break most checks: missing, empty, too long, out of range, the wrong type.
const wrong: unknown[] = [
  undefined,
  null,
  "",
  "not valid",
  "x".repeat(20_001),
  -1e15,
  1e15,
  0.5,
  true,
  [],
  [""],
  {},
  [{}],
];

// In place of one key: fewer, each breaking a different kind of check (the run stays short).
const byKey: unknown[] = [undefined, "", "x".repeat(20_001), -1e15, 1e15, 0.5, {}, [{}]];

/** An object schema's keys, through the wrappers a request schema may have. */
function keysOf(schema: z.ZodType): string[] {
  let inner: unknown = schema;
  for (let depth = 0; depth < 5; depth += 1) {
    if (inner instanceof z.ZodObject) return Object.keys(inner.shape);
    const def = (inner as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    inner = def?.innerType ?? def?.in ?? def?.schema;
    if (!inner) break;
  }
  return [];
}

/** Inputs that fail `schema`: each wrong value alone, and in place of each of its keys. */
function failures(schema: z.ZodType): unknown[] {
  return [...wrong, ...keysOf(schema).flatMap((key) => byKey.map((value) => ({ [key]: value })))];
}

// The languages zod speaks that the server's languages are (de-du is said as de).
const zodLocales = [
  z.locales.en,
  z.locales.de,
  z.locales.nl,
  z.locales.fi,
  z.locales.es,
  z.locales.pl,
  z.locales.fr,
  z.locales.ar,
  z.locales.fa,
].map((locale) => locale());

/** Zod's own wording of the issues of `input`, in every language zod speaks. */
function zodWording(schema: z.ZodType, input: unknown): Set<string> {
  const said = new Set<string>();
  for (const { localeError } of zodLocales) {
    const result = schema.safeParse(input, {
      error: (issue) => {
        const worded = localeError(issue);
        return typeof worded === "string" ? worded : worded?.message;
      },
    });
    for (const issue of result.error?.issues ?? []) said.add(issue.message);
  }
  return said;
}

/** The messages the API answers for `input` in `language`, as a request's body. */
function answered(schema: z.ZodType, input: unknown, language: string) {
  const request = { routeOptions: { schema: { body: schema } }, body: input };
  return localizedValidationIssues(
    request as unknown as FastifyRequest,
    { validation: [], validationContext: "body" },
    language,
  );
}

describe("validation messages of the request schemas", () => {
  it("cover all ten languages", () => {
    expect(readdirSync(new URL("../locales", import.meta.url)).sort()).toEqual(
      [...LANGUAGES].sort(),
    );
    expect(schemas.length).toBeGreaterThan(50);
  });

  it("never say zod's own wording to people, in any of them", () => {
    const leaks = new Set<string>();
    for (const { name, schema } of schemas) {
      if (leaks.size >= 20) break;
      for (const input of failures(schema)) {
        if (schema.safeParse(input).success) continue;
        const zods = zodWording(schema, input);
        for (const language of LANGUAGES) {
          for (const { field, message } of answered(schema, input, language)) {
            if (zods.has(message) || message.trim() === "") {
              leaks.add(`${language} ${name} ${field}: ${message}`);
            }
          }
        }
      }
    }
    expect([...leaks].slice(0, 20)).toEqual([]);
  }, 300_000);
});

import fc from "fast-check";

/** The part of JSON Schema the OpenAPI document of our zod schemas uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  maxItems?: number;
}

/** Plausible values for a field, by its name: ids and links of fixtures that exist. */
export type Hints = (name: string) => readonly unknown[] | undefined;

/**
 * Values that have broken servers: NUL and lone surrogates, impossible and extreme dates,
 * unknown zones, injection strings, huge strings, numbers as text.
 */
export const GARBAGE_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "😀\uD83D",
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "2026-02-30",
  "2026-13-01T25:61:61Z",
  "9999-12-31T23:59:59.999Z",
  "1969-12-31",
  "Mars/Olympus",
  "Etc/GMT+99",
  "../../etc/passwd",
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "$1",
  "<script>alert(1)</script>",
  "{{constructor.constructor('return 1')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}",
  "%00",
  "%ED%A0%80",
  "__proto__",
  "constructor",
  "-1",
  "1e309",
  "NaN",
  "9007199254740993",
  "x".repeat(100_000),
  "😀".repeat(5_000),
  "a@b",
  "00000000-0000-0000-0000-000000000000",
];

export const garbageString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...GARBAGE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`) },
);

export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: garbageString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(-1, 0, 0.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, true, false, null),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { __proto__: null }, [[[]]]) },
  { weight: 1, arbitrary: fc.array(garbageString, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), garbageString, { maxKeys: 3 }),
  },
);

/** A value that fits `schema` as far as its types, enums and bounds go, using `hints` by field name. */
export function arbitraryOf(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const hinted = hints(name);
  if (hinted && hinted.length > 0) return fc.constantFrom(...hinted);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, name, hints)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], name, hints);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringOf(schema);
    case "integer":
    case "number": {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
      const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? min + 500, min + 500);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryOf(schema.items ?? {}, name, hints), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object":
      return objectOf(schema, hints);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc
        .integer({ min: 0, max: 40 * 24 })
        .map((hours) => new Date(Date.UTC(2027, 0, 4, 8) + hours * 3_600_000).toISOString());
    case "date":
      return fc.integer({ min: 0, max: 60 }).map((days) => dateAfter(days));
    case "email":
      return fc.constantFrom("someone@example.com", "other@example.org");
    case "uri":
      return fc.constant("https://example.com/x");
    default:
      return fc.string({
        minLength: 1,
        maxLength: Math.max(1, Math.min(schema.maxLength ?? 20, 20)),
      });
  }
}

function objectOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, arbitraryOf(child, key, hints)]),
  );
  const record = fc.record(shape, { requiredKeys: [...required].filter((key) => key in shape) });
  const extra = schema.additionalProperties;
  if (!extra || extra === true || Object.keys(properties).length > 0) return record;
  return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitraryOf(extra, "", hints), {
    maxKeys: 3,
  });
}

/** `yyyy-MM-dd` of 2027-01-04 plus `days`. */
export function dateAfter(days: number): string {
  return new Date(Date.UTC(2027, 0, 4 + days)).toISOString().slice(0, 10);
}

type Mutation = "replace" | "delete" | "extra";

/**
 * `value` with one of its parts (chosen by `pick` among the root and every nested value)
 * replaced by `garbage`, deleted, or given an extra field.
 */
export function mutate(
  value: unknown,
  pick: number,
  mutation: Mutation,
  garbage: unknown,
  extraKey: string,
): unknown {
  const root = { value: structuredClone(value) as unknown };
  const spots: [Record<string, unknown> | unknown[], string | number][] = [];
  const collect = (holder: Record<string, unknown> | unknown[], key: string | number) => {
    spots.push([holder, key]);
    const child = (holder as Record<string | number, unknown>)[key];
    if (Array.isArray(child)) {
      for (let index = 0; index < child.length; index++) collect(child, index);
    } else if (child !== null && typeof child === "object") {
      for (const childKey of Object.keys(child))
        collect(child as Record<string, unknown>, childKey);
    }
  };
  collect(root, "value");
  const [holder, key] = spots[pick % spots.length]!;
  const target = (holder as Record<string | number, unknown>)[key];
  if (
    mutation === "extra" &&
    target !== null &&
    typeof target === "object" &&
    !Array.isArray(target)
  ) {
    (target as Record<string, unknown>)[extraKey] = garbage;
  } else if (mutation === "delete" && holder !== root) {
    if (Array.isArray(holder)) holder.splice(key as number, 1);
    else delete holder[key as string];
  } else {
    (holder as Record<string | number, unknown>)[key] = garbage;
  }
  return root.value;
}

/**
 * `value` with its `pick`-th string (modulo their number, in document order) replaced by
 * `text`; `value` unchanged when it holds no string.
 */
export function replaceString(value: unknown, pick: number, text: string): unknown {
  const root = { value: structuredClone(value) as unknown };
  const spots: [Record<string | number, unknown>, string | number][] = [];
  const collect = (holder: Record<string | number, unknown>, key: string | number) => {
    const child = holder[key];
    if (typeof child === "string") spots.push([holder, key]);
    else if (child !== null && typeof child === "object") {
      for (const childKey of Object.keys(child)) {
        collect(child as Record<string | number, unknown>, childKey);
      }
    }
  };
  collect(root, "value");
  if (spots.length === 0) return root.value;
  const [holder, key] = spots[pick % spots.length]!;
  holder[key] = text;
  return root.value;
}

export const mutationArbitrary = fc.constantFrom<Mutation>("replace", "replace", "delete", "extra");

import { gzipSync } from "node:zlib";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import {
  createEventType,
  createTeam,
  eventTypeBody,
  type Host,
  signUpHost,
} from "../../test/factories";
import { type FormPart, multipartFile, multipartForm, TINY_PNG } from "../../test/multipart";
import {
  arbitraryOf,
  dateAfter,
  garbageString,
  garbageValue,
  type JsonSchema,
  mutate,
  mutationArbitrary,
  replaceString,
} from "../../test/openApiArbitraries";
import { tableChecksums } from "../../test/tableChecksums";
import { createTestApp } from "../../test/testApp";

/**
 * Malformed requests against every operation of /api/openapi.json, as a signed-in host and
 * as nobody, with ids of fixtures that exist as well as garbage: never a 5xx, never a stack
 * or SQL in a body, every 4xx in the spec's error shape, and no table changed by a request
 * that was refused. Seeded, and bounded per operation, so a run is repeatable and quick.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 30);

/**
 * Tables a refused request legitimately writes, with the reason.
 */
const WRITTEN_WHEN_REFUSED: Record<string, string> = {
  // Failed logins and password confirmations are counted (that is the throttle), and so are
  // the hits of rate-limited calls, refused or not.
  auth_attempts: "login throttling and rate-limit counters",
};

/** Written by a refused request only when it carries an Idempotency-Key: its answer is kept for replay, a 4xx too. */
const WRITTEN_WHEN_KEYED = "idempotency_keys";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const checksums = await tableChecksums(t.database);

interface Fixtures {
  host: Host;
  member: Host;
  eventTypeId: string;
  eventTypeSlug: string;
  scheduleId: string;
  teamId: string;
  sharedLink: string;
  eventUuid: string;
  attendeeUuid: string;
  singleUseLinkId: string;
  singleUseLink: string;
  uploadId: string;
  tokenId: string;
}

async function createFixtures(): Promise<Fixtures> {
  const host = await signUpHost(t);
  const member = await signUpHost(t);
  const eventType = await createEventType(t, host);
  const schedules = await t.request({
    method: "GET",
    url: "/api/schedules",
    headers: host.headers,
  });
  const team = await createTeam(t, host, [member]);
  const teamType = await createEventType(t, host, {
    kind: "COLLECTIVE",
    teamId: team.id,
    hosts: [host, member].map((h) => ({ userId: h.id, priority: 0 })),
  });
  const booking = await bookOk(t, bookingBody(userLink(host, eventType)));
  const link = await t.request({
    method: "POST",
    url: `/api/event-types/${eventType.id}/single-use-links`,
    headers: host.headers,
  });
  const file = multipartFile(TINY_PNG);
  const upload = await t.request({
    method: "POST",
    url: "/api/uploads",
    headers: { ...file.headers, ...host.headers },
    payload: file.payload,
  });
  const token = await t.request({
    method: "POST",
    url: "/api/me/tokens",
    headers: host.headers,
    payload: { name: "fuzz" },
  });
  for (const response of [schedules, link, upload, token]) {
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
  return {
    host,
    member,
    eventTypeId: eventType.id,
    eventTypeSlug: eventType.slug,
    scheduleId: schedules.json().schedules[0].id,
    teamId: team.id,
    sharedLink: teamType.sharedLink,
    eventUuid: booking.event.uuid,
    attendeeUuid: booking.attendee.uuid,
    singleUseLinkId: link.json().id,
    singleUseLink: link.json().link,
    uploadId: upload.json().id,
    tokenId: token.json().id,
  };
}

/** Whether a request of the last operation deleted or signed out what the next ones use. */
async function fixturesIntact(f: Fixtures): Promise<boolean> {
  for (const url of [
    "/api/me",
    `/api/event-types/${f.eventTypeId}`,
    `/api/schedules/${f.scheduleId}`,
    `/api/teams/${f.teamId}`,
    `/api/uploads/${f.uploadId}`,
    `/api/user/${f.host.username}/${f.eventTypeSlug}`,
    `/api/shared/${f.sharedLink}`,
  ]) {
    const response = await t.request({ method: "GET", url, headers: f.host.headers });
    if (response.statusCode !== 200) return false;
  }
  return true;
}

/** Values that exist, by path parameter (per path where a name means different things). */
function validPathValues(f: Fixtures, path: string, name: string): string[] {
  const byName: Record<string, string[]> = {
    user: [f.host.username],
    eventType: [f.eventTypeSlug],
    eventUuid: [f.eventUuid],
    attendeeUuid: [f.attendeeUuid],
    uuid: [f.eventUuid, f.attendeeUuid],
    link: [f.sharedLink, f.singleUseLink],
    linkId: [f.singleUseLinkId],
    userId: [f.member.id, f.host.id],
    host: [f.member.username, f.host.username],
  };
  if (name !== "id") return byName[name] ?? [];
  if (path.startsWith("/api/schedules")) return [f.scheduleId];
  if (path.startsWith("/api/event-types")) return [f.eventTypeId];
  if (path.startsWith("/api/teams")) return [f.teamId];
  if (path.startsWith("/api/me/tokens")) return [f.tokenId];
  if (path.startsWith("/api/uploads")) return [f.uploadId];
  if (path.startsWith("/api/page")) return [f.host.username];
  if (path.startsWith("/api/invitee")) return [f.attendeeUuid];
  return [f.eventUuid];
}

/** Plausible values of body and query fields, by field name. */
function hintsFor(f: Fixtures) {
  const hints: Record<string, unknown[]> = {
    userLink: [f.host.username],
    eventTypeLink: [f.eventTypeSlug],
    sharedLink: [f.sharedLink],
    singleUseLink: [f.singleUseLink],
    link: [f.singleUseLink, f.sharedLink],
    hostSlug: [f.host.username, f.member.username],
    host_slug: [f.host.username, f.member.username],
    hostEmail: [f.host.email, f.member.email],
    host_email: [f.host.email, f.member.email],
    email: [f.member.email, "new-person@example.com"],
    teamId: [f.teamId],
    scheduleId: [f.scheduleId],
    userId: [f.member.id],
    hostId: [f.member.id],
    eventUuid: [f.eventUuid],
    attendeeUuid: [f.attendeeUuid],
    public_id: [f.host.username],
    timezone: ["Europe/Berlin", "America/New_York", "UTC"],
    timeZone: ["Europe/Berlin", "Asia/Kolkata"],
    password: ["correct horse battery"],
    start: [dateAfter(1), dateAfter(7)],
    end: [dateAfter(3), dateAfter(30)],
    from: [dateAfter(0)],
    to: [dateAfter(30)],
    date: [dateAfter(2)],
    duration: [30, "30"],
    limit: ["10"],
    offset: ["0"],
    token: [f.attendeeUuid],
  };
  return (name: string) => hints[name];
}

/** Bodies known to be accepted, by operation: mutating one of them reaches past the schema. */
function seedBodies(f: Fixtures): Record<string, unknown[]> {
  const link = userLink(f.host, { slug: f.eventTypeSlug });
  return {
    "POST /api/auth/signup": [
      {
        email: "seed@example.com",
        password: "correct horse battery",
        name: "Seed",
        username: "seed-user",
      },
    ],
    "POST /api/auth/login": [{ email: f.member.email, password: "correct horse battery" }],
    "PATCH /api/me": [{ name: "Renamed", timeZone: "Europe/Paris" }],
    "POST /api/schedules": [
      {
        name: "Mornings",
        timeZone: "Europe/Berlin",
        weekly: { MON: [{ start: "09:00", end: "12:00" }] },
        overrides: [{ date: "2027-01-06", intervals: [] }],
      },
    ],
    "PATCH /api/schedules/{id}": [
      { overrides: [{ date: "2027-01-07", intervals: [{ start: "10:00", end: "11:00" }] }] },
    ],
    "POST /api/event-types": [eventTypeBody()],
    "PATCH /api/event-types/{id}": [{ title: "Renamed", bufferBefore: 10, questions: [] }],
    "POST /api/teams": [{ name: "Seed team", slug: "seed-team" }],
    "PATCH /api/teams/{id}": [{ name: "Renamed team" }],
    "POST /api/teams/{id}/members": [{ email: "invitee@example.com" }],
    "POST /api/me/tokens": [{ name: "script" }],
    "POST /api/event": [
      bookingBody(link, { start: berlinSlot(0, "10:00") }),
      bookingBody(link, { start: berlinSlot(1, "11:00"), answers: {}, guests: ["g@example.com"] }),
      bookingBody({ sharedLink: f.sharedLink }, { start: berlinSlot(2, "09:00") }),
    ],
    "POST /api/event/reschedule": [
      {
        attendeeUuid: f.attendeeUuid,
        start: berlinSlot(3, "09:00"),
        timezone: "Europe/Berlin",
        reason: "clash",
      },
    ],
    "PUT /api/event/uuid/{uuid}/cancel": [{ cancellation_reason: "cannot make it" }],
    "POST /api/auth/password-reset": [{ email: f.member.email }],
    "POST /api/me/password": [
      { currentPassword: "correct horse battery", newPassword: "another horse battery" },
    ],
    // The `components` part of the page form (sent as multipartForm).
    "POST /api/page/{id}": [
      {
        blocks: [
          {
            id: "h",
            kind: "headline",
            text: "Welcome",
            layout: { x: 0, y: 0, w: 4, h: 1 },
            visible: true,
          },
        ],
      },
    ],
  };
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** Takes a multipart/form-data body (the document says so in words: zod has no schema for it). */
  multipart: boolean;
}

const document = (await t.request({ method: "GET", url: "/api/openapi.json" })).json() as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        description?: string;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content["application/json"]?.schema ?? null,
    multipart: operation.description?.includes("multipart/form-data") ?? false,
  })),
);

// Percent-encodes any string, lone surrogates included (as their WTF-8 bytes, which no
// valid UTF-8 decoder accepts): what a hostile client can put on the wire.
function encodePart(text: string): string {
  let encoded = "";
  for (const character of text) {
    if (/^[A-Za-z0-9\-_.~]$/.test(character)) {
      encoded += character;
      continue;
    }
    const point = character.codePointAt(0)!;
    const bytes =
      point < 0x80
        ? [point]
        : point < 0x800
          ? [0xc0 | (point >> 6), 0x80 | (point & 63)]
          : point < 0x10000
            ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)]
            : [
                0xf0 | (point >> 18),
                0x80 | ((point >> 12) & 63),
                0x80 | ((point >> 6) & 63),
                0x80 | (point & 63),
              ];
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return encoded;
}

type Encoding =
  | "json"
  | "none"
  | "multipartImage"
  | "multipartForm"
  | "multipartWithoutBoundary"
  | "multipartCutOff"
  | "text"
  | "form"
  | "gzipped";

interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  extraQuery: [string, string] | null;
  body: unknown;
  encoding: Encoding;
  /** A text part of a multipartForm besides `components`, often NUL or a lone surrogate. */
  formText: string;
  caller: "host" | "member" | "nobody";
  idempotencyKey: string | null;
}

/** `record` with the value of one of `names` (chosen by the arbitrary) replaced by garbage. */
function withOneGarbage<T extends Record<string, unknown>>(
  record: fc.Arbitrary<T>,
  names: string[],
): fc.Arbitrary<T> {
  return fc
    .tuple(record, fc.nat(), garbageString)
    .map(([values, pick, garbage]) => ({ ...values, [names[pick % names.length]!]: garbage }));
}

/**
 * Requests of one fault each (a path parameter, a query parameter, an extra parameter, the
 * body, its encoding) on an otherwise valid request, so the fault reaches the code behind
 * the schema; valid requests, which exercise the writes; and requests with faults
 * everywhere at once.
 */
function requestArbitrary(operation: Operation, f: Fixtures): fc.Arbitrary<FuzzRequest> {
  const hints = hintsFor(f);
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const withBody = operation.method !== "GET" && operation.method !== "DELETE";
  const validParams = fc.record(
    Object.fromEntries(
      pathParams.map((p) => {
        const valid = validPathValues(f, operation.path, p.name);
        return [p.name, valid.length > 0 ? fc.constantFrom(...valid) : garbageString];
      }),
    ),
  );
  const chaoticParams = fc.record(
    Object.fromEntries(
      pathParams.map((p) => {
        const valid = validPathValues(f, operation.path, p.name);
        return [
          p.name,
          valid.length > 0
            ? fc.oneof(
                { weight: 2, arbitrary: fc.constantFrom(...valid) },
                { weight: 1, arbitrary: garbageString },
              )
            : garbageString,
        ];
      }),
    ),
  );
  const requiredQuery = {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  };
  const validQuery = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [p.name, arbitraryOf(p.schema, p.name, hints).map(String)]),
    ),
    requiredQuery,
  );
  const chaoticQuery = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.oneof(arbitraryOf(p.schema, p.name, hints).map(String), garbageString),
      ]),
    ),
    { requiredKeys: [] },
  );
  const schemaBody = operation.body
    ? arbitraryOf(operation.body, "", hints)
    : fc.constant(undefined);
  const seeds = seedBodies(f)[`${operation.method} ${operation.path}`] ?? [];
  const validBody =
    seeds.length > 0
      ? fc.oneof(
          { weight: 1, arbitrary: schemaBody },
          { weight: 2, arbitrary: fc.constantFrom(...seeds) },
        )
      : schemaBody;
  const mutatedBody = fc
    .tuple(
      validBody,
      fc.nat(),
      mutationArbitrary,
      garbageValue,
      fc.constantFrom("extra", "constructor", "id", "userId"),
    )
    .map(([value, pick, mutation, garbage, key]) =>
      mutate(value ?? {}, pick, mutation, garbage, key),
    );
  const extraQuery = fc.tuple(fc.constantFrom("token", "x", "__proto__"), garbageString);
  const brokenEncoding = fc.constantFrom<Encoding>(
    "multipartWithoutBoundary",
    "multipartCutOff",
    "text",
    "form",
    "multipartForm",
    "gzipped",
  );
  // A multipart write takes an image, or a form of text parts (the body as `components`)
  // with files.
  const usualEncoding: fc.Arbitrary<Encoding> = operation.multipart
    ? fc.constantFrom<Encoding>("multipartImage", "multipartForm")
    : fc.constant(usualEncodingOf(operation));
  const caller = fc.constantFrom<FuzzRequest["caller"]>("host", "host", "host", "member", "nobody");
  // Header values Node lets through; replays and reused keys come from the fixed ones.
  const idempotencyKey = fc.option(
    fc.constantFrom("fuzz-key", "fuzz-key-2", "", " ", "x".repeat(300), "ÿ-latin1"),
    { nil: null, freq: 5 },
  );
  const valid = {
    params: validParams,
    query: validQuery,
    extraQuery: fc.constant(null),
    body: validBody,
    encoding: usualEncoding,
    formText: garbageString,
    caller,
    idempotencyKey,
  };
  const paramNames = pathParams.map((p) => p.name);
  const queryNames = queryParams.map((p) => p.name);
  const cases: fc.WeightedArbitrary<FuzzRequest>[] = [
    { weight: 2, arbitrary: fc.record(valid) },
    { weight: 1, arbitrary: fc.record({ ...valid, extraQuery }) },
    {
      weight: 2,
      arbitrary: fc.record({
        params: chaoticParams,
        query: chaoticQuery,
        extraQuery: fc.option(extraQuery, { nil: null }),
        body: fc.oneof(mutatedBody, garbageValue),
        encoding: fc.oneof(
          { weight: 3, arbitrary: usualEncoding },
          { weight: 1, arbitrary: brokenEncoding },
        ),
        formText: garbageString,
        caller,
        idempotencyKey,
      }),
    },
  ];
  if (paramNames.length > 0) {
    cases.push({
      weight: 2,
      arbitrary: fc.record({ ...valid, params: withOneGarbage(validParams, paramNames) }),
    });
  }
  if (queryNames.length > 0) {
    cases.push({
      weight: 2,
      arbitrary: fc.record({ ...valid, query: withOneGarbage(validQuery, queryNames) }),
    });
  }
  if (operation.multipart) {
    // A form whose every part is well formed but one text PostgreSQL cannot store, in the
    // `components` JSON (as an escape) or as a text part of its own (raw).
    const unsafeText = fc.constantFrom("\u0000", "a\u0000b", "\uD800", "x\uDC00y", "😀\uD83D");
    cases.push({
      weight: 2,
      arbitrary: fc.record({
        ...valid,
        body: fc
          .tuple(validBody, fc.nat(), unsafeText)
          .map(([body, pick, text]) => replaceString(body, pick, text)),
        encoding: fc.constant<Encoding>("multipartForm"),
        formText: fc.oneof(fc.constant("caption"), unsafeText),
      }),
    });
  }
  if (withBody) {
    cases.push(
      { weight: 3, arbitrary: fc.record({ ...valid, body: mutatedBody }) },
      { weight: 1, arbitrary: fc.record({ ...valid, encoding: brokenEncoding }) },
    );
  }
  return fc.oneof(...cases) as fc.Arbitrary<FuzzRequest>;
}

/** A write without a JSON body sends nothing, or a multipart image where it takes one. */
function usualEncodingOf(operation: Operation): Encoding {
  const withBody = operation.method !== "GET" && operation.method !== "DELETE";
  return operation.body || !withBody ? "json" : operation.multipart ? "multipartImage" : "none";
}

/** The headers and payload of `request`'s body as `encoding` says. */
function bodyOf(
  operation: Operation,
  request: FuzzRequest,
  encoding: Encoding,
): { headers: Record<string, string>; payload?: Buffer | string } {
  const json = JSON.stringify(request.body ?? null);
  const file = multipartFile(Buffer.from(json));
  switch (encoding) {
    case "none":
      return { headers: {} };
    case "multipartImage":
      return multipartFile(TINY_PNG, { filename: "a.png", type: "image/png" });
    case "multipartForm": {
      // The file part the operation reads: `avatar` for a page's, `file` for an upload.
      const fileName = operation.path.endsWith("/avatar") ? "avatar" : "file";
      const parts: FormPart[] = [
        { name: "components", value: json },
        { name: "caption", value: request.formText },
        { name: fileName, file: TINY_PNG, filename: "a.png" },
      ];
      return multipartForm(parts);
    }
    case "multipartWithoutBoundary":
      return { headers: { "content-type": "multipart/form-data" }, payload: file.payload };
    case "multipartCutOff":
      return { headers: file.headers, payload: file.payload.subarray(0, file.payload.length - 20) };
    case "text":
      return { headers: { "content-type": "text/plain" }, payload: json };
    case "form":
      return {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=1&b=%00",
      };
    case "gzipped": {
      // The usual body, gzipped: refused (415) before a byte of it is inflated.
      const usual = bodyOf(operation, request, usualEncodingOf(operation));
      return {
        headers: { ...usual.headers, "content-encoding": "gzip" },
        payload: gzipSync(usual.payload ?? ""),
      };
    }
    default:
      return { headers: { "content-type": "application/json" }, payload: json };
  }
}

function send(operation: Operation, request: FuzzRequest, f: Fixtures) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodePart(request.params[name] ?? ""),
  );
  const pairs = Object.entries(request.query).map(
    ([key, value]) => `${encodePart(key)}=${encodePart(String(value))}`,
  );
  if (request.extraQuery)
    pairs.push(`${request.extraQuery[0]}=${encodePart(request.extraQuery[1])}`);
  const url = pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
  const headers: Record<string, string> =
    request.caller === "host"
      ? { ...f.host.headers }
      : request.caller === "member"
        ? { ...f.member.headers }
        : {};
  if (request.idempotencyKey !== null) headers["idempotency-key"] = request.idempotencyKey;
  const withBody = operation.method !== "GET" && operation.method !== "DELETE";
  if (!withBody) return t.request({ method: operation.method as "GET", url, headers });
  const body = bodyOf(operation, request, request.encoding);
  return t.request({
    method: operation.method as "POST",
    url,
    headers: { ...headers, ...body.headers },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
}

const DATA_REJECTED = "This input cannot be stored. Please check it and try again.";
const STACK = /\n\s+at \S|node_modules|\.ts:\d+:\d+|\.js:\d+:\d+/;
const SQL =
  /Failed query|\bparams: |insert into "|select .* from "|update "\w+" set|delete from "|SQLSTATE|syntax error at or near|violates .* constraint/i;

function checkAnswer(label: string, response: LightMyRequestResponse) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 500)}`).toBeLessThan(500);
  expect(response.body, label).not.toMatch(STACK);
  if (response.statusCode < 400) return;
  expect(response.body, label).not.toMatch(SQL);
  const body = response.json() as { message?: unknown; errors?: Record<string, unknown> };
  expect(typeof body.message, `${label}: ${response.body.slice(0, 300)}`).toBe("string");
  // The database refused a value the schemas and the unsafe-text guard let through: the
  // answer names no field.
  expect(body.message, label).not.toBe(DATA_REJECTED);
  for (const messages of Object.values(body.errors ?? {})) {
    expect(Array.isArray(messages) && messages.every((m) => typeof m === "string"), label).toBe(
      true,
    );
  }
}

const changedTables = (
  before: Record<string, string>,
  after: Record<string, string>,
  request: FuzzRequest,
) =>
  Object.keys(after).filter(
    (table) =>
      before[table] !== after[table] &&
      !(table in WRITTEN_WHEN_REFUSED) &&
      !(table === WRITTEN_WHEN_KEYED && request.idempotencyKey !== null),
  );

// fast-check prints the whole counterexample, 100 000-character strings included.
async function assertShortly(
  property: fc.IAsyncProperty<[FuzzRequest]>,
  options: fc.Parameters<[FuzzRequest]>,
) {
  try {
    await fc.assert(property, options);
  } catch (error) {
    const short = (text: string) =>
      text
        .replace(/(.)\1{200,}/gs, (run, char: string) => `${char.repeat(20)}…(${run.length})`)
        .slice(0, 3000);
    const message = error instanceof Error ? error.message : String(error);
    // fast-check 4 keeps the failed assertion (status and body) as the cause.
    const cause = error instanceof Error ? error.cause : undefined;
    const why = cause instanceof Error ? `\nCaused by: ${short(cause.message)}` : "";
    throw new Error(`${short(message)}${why}`);
  }
}

let fixtures = await createFixtures();

describe("fuzzing every operation of /api/openapi.json", () => {
  it("covers the document", () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  for (const operation of operations) {
    const label = `${operation.method} ${operation.path}`;
    it(label, async () => {
      if (!(await fixturesIntact(fixtures))) fixtures = await createFixtures();
      const f = fixtures;
      await assertShortly(
        fc.asyncProperty(requestArbitrary(operation, f), async (request) => {
          const before = await checksums();
          const response = await send(operation, request, f);
          const sent = `${label} ${JSON.stringify(request).slice(0, 400)}`;
          checkAnswer(sent, response);
          // A compressed body is refused before it is inflated, never taken.
          if (request.encoding === "gzipped")
            expect(response.statusCode, sent).toBeGreaterThan(399);
          if (response.statusCode >= 400) {
            expect(changedTables(before, await checksums(), request), sent).toEqual([]);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    });
  }
});

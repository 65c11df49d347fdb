import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { errorMessage } from "./loggerOptions";
import { testConfig } from "./test/testApp";
import { createTestDatabase } from "./test/testDatabase";

// The server runs at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

// The server's log, line by line, as main.ts would write it (at info, the default level).
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const database = await createTestDatabase();
const app: FastifyInstance = await buildApp(
  { config: testConfig(), database, clock: () => NOW },
  { logger: { level: "info", stream }, serveClient: false },
);

const PASSWORD_HASH = "scrypt$32768$8$1$c2VjcmV0LXNhbHQ$SECRET-HASH-VALUE";
const EMAIL = "private.person@example.com";
// A failed statement whose parameters hold secrets: a missing table (500) and a NUL (422).
app.post("/test/failing-statement", async () =>
  database.db.execute(
    sql`insert into no_such_table (email, password_hash) values (${EMAIL}, ${PASSWORD_HASH})`,
  ),
);
app.post("/test/refused-value", async () =>
  database.db.execute(sql`select ${`${PASSWORD_HASH}\u0000`}::text, ${EMAIL}::text`),
);
// Someone logging a request's headers by hand still leaves the secret ones out.
app.get("/test/headers", async (request) => {
  request.log.info({ headers: request.headers }, "headers seen");
  return { ok: true };
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const log = () => lines.join("");

interface LogEntry {
  msg: string;
  req?: { url: string };
  err?: { code?: string; query?: string; stack?: string };
  headers?: Record<string, string>;
}

describe("the server log", () => {
  it("never holds passwords, tokens, cookies, link tokens in URLs or a statement's values", async () => {
    const signup = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: "logged-host@example.com",
        password: "correct-horse-SECRET-password",
        name: "Logged Host",
        username: "logged-host",
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const { token } = signup.json() as { token: string };
    await app.inject({
      method: "GET",
      url: "/api/me",
      headers: { authorization: `Bearer ${token}`, cookie: "slotted_session=COOKIE-SECRET-VALUE" },
    });
    await app.inject({ method: "GET", url: "/api/shared/SHARED-LINK-SECRET-0123456789" });
    await app.inject({ method: "GET", url: "/client/reset-password/RESET-SECRET-0123456789" });
    await app.inject({
      method: "PUT",
      url: "/api/event/uuid/00000000-0000-4000-8000-000000000000/cancel?token=QUERY-TOKEN-SECRET",
      payload: { cancellation_reason: "x" },
    });
    await app.inject({
      method: "GET",
      url: "/test/headers",
      headers: {
        authorization: `Bearer ${token}`,
        cookie: "slotted_session=HEADER-COOKIE-SECRET",
        "x-csrf-token": "CSRF-SECRET",
      },
    });
    const failed = await app.inject({ method: "POST", url: "/test/failing-statement" });
    expect(failed.statusCode).toBe(500);
    const refused = await app.inject({ method: "POST", url: "/test/refused-value" });
    expect(refused.statusCode).toBe(422);

    const text = log();
    for (const secret of [
      "correct-horse-SECRET-password",
      token,
      "COOKIE-SECRET-VALUE",
      "SHARED-LINK-SECRET",
      "RESET-SECRET",
      "QUERY-TOKEN-SECRET",
      "HEADER-COOKIE-SECRET",
      "CSRF-SECRET",
      "SECRET-HASH-VALUE",
      EMAIL,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("still says what failed: the route, the query's names, the SQLSTATE and the statement", async () => {
    const entries = lines.map((line) => JSON.parse(line) as LogEntry);
    const urls = entries.flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toContain("/api/shared/:link");
    expect(urls).toContain("/api/event/uuid/:uuid/cancel?token");
    expect(urls).toContain("/client/reset-password/…");
    const failure = entries.find((entry) => entry.msg === "request failed");
    expect(failure?.err).toMatchObject({
      code: "42P01",
      query: "insert into no_such_table (email, password_hash) values ($1, $2)",
    });
    expect(failure?.err?.stack).toMatch(/^\s+at /);
    const refusal = entries.find((entry) => entry.msg === "the database refused a value");
    expect(refusal?.err).toMatchObject({ code: "22021" });
    const headers = entries.find((entry) => entry.msg === "headers seen")?.headers;
    expect(headers).toMatchObject({ authorization: "[redacted]", cookie: "[redacted]" });
  });
});

describe("errorMessage", () => {
  it("gives a failed statement's masked message and SQLSTATE, never its parameters", () => {
    const cause = Object.assign(new Error(`duplicate key value violates unique constraint "x"`), {
      code: "23505",
      severity: "ERROR",
    });
    const failed = new DrizzleQueryError("update users set email = $1", [EMAIL], cause);
    expect(failed.message).toContain(EMAIL);
    expect(errorMessage(failed)).toBe('duplicate key value violates unique constraint "…" (23505)');
    expect(errorMessage(new Error("connection refused"))).toBe("connection refused");
    expect(errorMessage("plain")).toBe("plain");
  });
});

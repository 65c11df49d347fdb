import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../test/testApp";
import { createTestDatabase } from "../test/testDatabase";

// The server runs at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

const database = await createTestDatabase();
const app: FastifyInstance = await buildApp(
  { config: testConfig(), database, clock: () => NOW },
  { logger: false, serveClient: false },
);
// Values that pass a route's schema but not PostgreSQL, one per data exception (class 22).
const refusedValues: Record<string, () => Promise<unknown>> = {
  nul: () => database.db.execute(sql`select ${"a\u0000b"}::text`), // 22021
  surrogate: () => database.db.execute(sql`select ${'{"a": "\\ud800"}'}::jsonb`), // 22P02
  yearZero: () => database.db.execute(sql`select ${"0000-01-01T00:00:00Z"}::timestamptz`), // 22008
  divisionByZero: () => database.db.execute(sql`select 1 / ${0}::integer`), // 22012
  overflow: () => database.db.execute(sql`select ${"99999999999"}::integer`), // 22003
};
app.get("/test/refused/:case", async (request) => {
  const { case: which } = request.params as { case: string };
  return refusedValues[which]!();
});
// A driver error as drizzle wraps it: the SQLSTATE on the cause.
app.get("/test/sqlstate/:state", async (request) => {
  const { state } = request.params as { state: string };
  throw new Error("Failed query: …", { cause: Object.assign(new Error("x"), { code: state }) });
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("errors the database raises for values it refuses", () => {
  it("answers each data exception (SQLSTATE class 22) with a 422, never SQL or a stack", async () => {
    for (const which of Object.keys(refusedValues)) {
      const response = await app.inject({ method: "GET", url: `/test/refused/${which}` });
      expect(response.statusCode, `${which}: ${response.body}`).toBe(422);
      expect(response.json()).toEqual({
        message: "This input cannot be stored. Please check it and try again.",
      });
    }
  });

  it("says so in the request's language", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/test/refused/nul",
      headers: { "accept-language": "fi" },
    });
    expect(response.json().message).toBe(
      "Tätä syötettä ei voi tallentaa. Tarkista se ja yritä uudelleen.",
    );
  });
});

describe("transactions the database aborted", () => {
  it("answers a serialization failure or deadlock with a 503 and Retry-After, not a taken slot", async () => {
    for (const state of ["40001", "40P01"]) {
      const response = await app.inject({ method: "GET", url: `/test/sqlstate/${state}` });
      expect(response.statusCode, state).toBe(503);
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toEqual({
        message: "The server is busy. Please try again in a moment.",
      });
    }
  });

  it("keeps the exclusion violation a 409 SLOT_NOT_AVAILABLE_ANYMORE", async () => {
    const response = await app.inject({ method: "GET", url: "/test/sqlstate/23P01" });
    expect(response.statusCode).toBe(409);
    expect(response.headers["retry-after"]).toBeUndefined();
    expect(response.json()).toEqual({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
      message: "The selected time is not available anymore. Please choose another time.",
    });
  });
});

describe("requests Fastify cannot route", () => {
  it("answers a path that is not valid percent-encoded UTF-8 with a 400 in the spec's shape", async () => {
    const response = await app.inject({ method: "GET", url: "/api/user/ada/intro%ED%A0%80" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The address of this request is not valid." });
  });
});

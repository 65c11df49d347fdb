import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/testApp";
import { testEngine } from "../../test/testDatabase";

const t = await createTestApp();

describe("GET /api/health", () => {
  it("answers ok with the engine in use", async () => {
    const response = await t.request({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: testEngine });
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("serves the OpenAPI document generated from the route schemas", async () => {
    const response = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/auth/signup",
        "/api/schedules/{id}",
        "/api/event-types",
        "/api/teams/{id}/members",
      ]),
    );
    expect(
      doc.paths["/api/auth/signup"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("username");
  });

  it("serves a readable API reference page", async () => {
    const response = await t.request({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.request({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "No route GET /api/nope" });
  });

  it("answers malformed JSON with 400 and no stack trace", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.js/);
    expect(response.json()).toHaveProperty("message");
  });
});

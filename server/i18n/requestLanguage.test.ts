import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { requestLanguage } from "./requestLanguage";

function request(parts: {
  body?: unknown;
  cookie?: string;
  acceptLanguage?: string;
}): FastifyRequest {
  return {
    body: parts.body,
    cookies: parts.cookie === undefined ? {} : { language: parts.cookie },
    headers: parts.acceptLanguage === undefined ? {} : { "accept-language": parts.acceptLanguage },
  } as unknown as FastifyRequest;
}

describe("requestLanguage", () => {
  it("takes the body's language field first", () => {
    expect(
      requestLanguage(request({ body: { language: "fr" }, cookie: "de", acceptLanguage: "es" })),
    ).toBe("fr");
  });

  it("then the stored choice, then the browser's languages by preference", () => {
    expect(requestLanguage(request({ cookie: "de-du", acceptLanguage: "es" }))).toBe("de-du");
    expect(requestLanguage(request({ acceptLanguage: "pt-BR, fi;q=0.4, pl;q=0.8" }))).toBe("pl");
    expect(requestLanguage(request({ acceptLanguage: "fa-IR" }))).toBe("fa");
  });

  it("ignores values that name no language of ours, and falls back to English", () => {
    expect(requestLanguage(request({ body: { language: "xx" }, cookie: "klingon" }))).toBe("en");
    expect(requestLanguage(request({ body: "not an object", acceptLanguage: "ja" }))).toBe("en");
    expect(requestLanguage(request({}))).toBe("en");
  });
});

import { describe, expect, it } from "vitest";
import { isKeptQueryParam, withKeptQuery } from "./keptQuery";

describe("isKeptQueryParam", () => {
  it("keeps the spec's list, a1 to a20, c__ and utm parameters", () => {
    for (const name of [
      "name",
      "email",
      "isIframe",
      "no_consent",
      "a1",
      "a20",
      "c__ref",
      "utm_term",
    ]) {
      expect(isKeptQueryParam(name), name).toBe(true);
    }
  });

  it("drops everything else", () => {
    for (const name of ["a0", "a21", "a01", "utm_id", "date", "month", "c_x"]) {
      expect(isKeptQueryParam(name), name).toBe(false);
    }
  });
});

describe("withKeptQuery", () => {
  it("adds the kept parameters of the current URL and drops the others", () => {
    expect(withKeptQuery("/ana/intro/abc", "?name=Bo&month=2026-11&a3=x&utm_source=nl")).toBe(
      "/ana/intro/abc?name=Bo&a3=x&utm_source=nl",
    );
  });

  it("lets the target's own parameters win and keeps its hash", () => {
    expect(withKeptQuery("/cancel/x?email=new%40x.y#top", "?email=old%40x.y&title=Hi")).toBe(
      "/cancel/x?email=new%40x.y&title=Hi#top",
    );
    expect(withKeptQuery("/x", "")).toBe("/x");
  });
});

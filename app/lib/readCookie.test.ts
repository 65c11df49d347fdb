import { describe, expect, it } from "vitest";
import { readCookie } from "./readCookie";

describe("readCookie", () => {
  it("finds a cookie among others and decodes it", () => {
    expect(readCookie("language", "a=1; language=de-du; b=2")).toBe("de-du");
    expect(readCookie("x", "x=a%20b")).toBe("a b");
  });

  it("does not match a cookie whose name only ends with the asked name", () => {
    expect(readCookie("csrf", "slotted_csrf=abc")).toBeUndefined();
  });

  it("keeps values that contain '=' and values that are not valid escapes", () => {
    expect(readCookie("t", "t=a=b")).toBe("a=b");
    expect(readCookie("t", "t=%E0%A4%A")).toBe("%E0%A4%A");
  });

  it("returns undefined when there are no cookies", () => {
    expect(readCookie("language", "")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { suggestUsername } from "./suggestUsername";

describe("suggestUsername", () => {
  it("lowercases, strips accents and joins words with dashes", () => {
    expect(suggestUsername("  Ana María O'Neil ")).toBe("ana-maria-o-neil");
    expect(suggestUsername("Jürgen Groß 2")).toBe("jurgen-gro-2");
  });

  it("is empty when nothing usable is left", () => {
    expect(suggestUsername("مریم")).toBe("");
    expect(suggestUsername("--")).toBe("");
  });
});

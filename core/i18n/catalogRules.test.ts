import { describe, expect, it } from "vitest";
import { catalogProblems, expectedKeys } from "./catalogRules";

const english = {
  title: "Pick a time",
  left_one: "{{count}} seat left",
  left_other: "{{count}} seats left",
  greeting: { hello: "Hello {{name}}" },
};

describe("expectedKeys", () => {
  it("expands plural groups to the language's categories", () => {
    expect(expectedKeys(english, "pl")).toEqual([
      "greeting.hello",
      "left_few",
      "left_many",
      "left_one",
      "left_other",
      "title",
    ]);
    expect(expectedKeys(english, "ar").filter((key) => key.startsWith("left_"))).toHaveLength(6);
  });
});

describe("catalogProblems", () => {
  it("accepts a complete translation", () => {
    const german = {
      title: "Wähle eine Zeit",
      left_one: "noch ein Platz",
      left_other: "noch {{count}} Plätze",
      greeting: { hello: "Hallo {{name}}" },
    };
    expect(catalogProblems(english, german, "de")).toEqual([]);
  });

  it("names missing, extra and empty keys and changed placeholders", () => {
    const broken = {
      title: " ",
      left_other: "noch {{n}} Plätze",
      greeting: { hello: "Hallo" },
      stray: "x",
    };
    expect(catalogProblems(english, broken, "de")).toEqual([
      "missing left_one",
      "extra stray",
      "empty title",
      "placeholders of left_other: {n} instead of {count}",
      "placeholders of greeting.hello: {} instead of {name}",
    ]);
  });
});

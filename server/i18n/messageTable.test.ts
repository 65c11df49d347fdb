import { describe, expect, it } from "vitest";
import { type Catalog, leaves, placeholders } from "../../core/i18n/catalogRules";
import { decodeMessage, issueMessage } from "../../core/issueMessage";
import { MESSAGE_PARAMS, type MessageKey, message } from "../../core/messages";
import { readServerCatalogs } from "./serverI18n";
import { translate } from "./translateMessage";

const english = readServerCatalogs().en?.errors as Catalog;

// The English catalog's keys with plural suffixes folded, and the placeholders of each.
const catalogKeys = new Map<string, string[]>();
for (const [key, text] of leaves(english)) {
  const folded = key.replace(/_(zero|one|two|few|many|other)$/, "");
  catalogKeys.set(folded, [
    ...new Set([...(catalogKeys.get(folded) ?? []), ...placeholders(text)]),
  ]);
}

describe("the message table (core/messages.ts) and the errors catalog", () => {
  it("name the same keys", () => {
    expect(Object.keys(MESSAGE_PARAMS).sort()).toEqual([...catalogKeys.keys()].sort());
  });

  it("agree on each message's parameters", () => {
    for (const [key, names] of Object.entries(MESSAGE_PARAMS)) {
      expect([...names].sort(), key).toEqual(catalogKeys.get(key)?.sort());
    }
  });
});

describe("messages", () => {
  it("are said by key in the asked language, plural by count", () => {
    expect(translate(message("fields.atMostCharacters", { count: 1 }), "en")).toBe(
      "At most 1 character.",
    );
    expect(translate(message("fields.atMostCharacters", { count: 300 }), "en")).toBe(
      "At most 300 characters.",
    );
    expect(translate(message("general.busy"), "de")).toContain("Server");
  });

  it("travel through a zod issue and back", () => {
    const key: MessageKey = "time.useDateBetween";
    const params = { earliest: "1970-01-01", latest: "9999-12-31" };
    expect(decodeMessage(issueMessage(key, params))).toEqual({ key, params });
    expect(decodeMessage(issueMessage("general.required"))).toEqual({
      key: "general.required",
      params: {},
    });
  });

  it("leave other text alone", () => {
    expect(decodeMessage("Invalid input: expected string")).toBeNull();
    expect(decodeMessage(issueMessage("general.required").replace("required", "nope"))).toBeNull();
  });
});

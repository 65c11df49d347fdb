import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField } from "../accounts/accountSchemas";
import { EMAIL_PATTERN, isEmailAddress } from "./emailAddress";

describe("isEmailAddress", () => {
  it("uses zod's own email pattern", () => {
    // Biome drops zod's needless escapes of "-" at the end of a character class.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll("\\-", "-"));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it.each(["ada@example.com", "first.last+tag@sub.example.org", "o'neil@example.ie", "a@b.co"])(
    "accepts %s like the server",
    (text) => {
      expect(isEmailAddress(text)).toBe(true);
      expect(emailField.safeParse(text).success).toBe(true);
    },
  );

  it.each([
    "",
    "ada",
    "ada@",
    "ada@example",
    "ada@@example.com",
    "ada@example.c",
    ".ada@example.com",
    "ada..b@example.com",
    "ada@-example.com",
    "a b@example.com",
    `${"a".repeat(250)}@example.com`,
  ])("refuses %s like the server", (text) => {
    expect(isEmailAddress(text)).toBe(false);
    expect(emailField.safeParse(text).success).toBe(false);
  });
});

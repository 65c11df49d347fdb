import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField } from "../accounts/accountSchemas";
import { EMAIL_PATTERN, isEmailAddress } from "./emailAddress";

describe("isEmailAddress", () => {
  it("is zod's own email pattern with every script's letters and digits", () => {
    const ascii = EMAIL_PATTERN.source
      .replaceAll("\\p{L}\\p{M}\\p{N}", "A-Za-z0-9")
      .replaceAll("\\p{L}\\p{N}", "A-Za-z0-9")
      .replaceAll("\\p{L}\\p{M}", "A-Za-z");
    expect(ascii).toBe(z.regexes.email.source.replaceAll("\\-", "-"));
  });

  it.each([
    "ada@example.com",
    "first.last+tag@sub.example.org",
    "o'neil@example.ie",
    "a@b.co",
    "ünï@exämple.de",
    "用户@例子.广告",
    "δοκιμή@παράδειγμα.δοκιμή",
  ])("accepts %s like the server", (text) => {
    expect(isEmailAddress(text)).toBe(true);
    expect(emailField.safeParse(text).success).toBe(true);
  });

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

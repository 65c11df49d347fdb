import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .filter((file) => !file.split(/[\\/]/).includes("testing"))
    .map((file) => join(root, folder, file));
}

// A message written as text instead of message(key) / issueMessage(key): a domain error's
// message, a zod check's `error`, an addIssue `message`, a text as a check's second argument.
const ENGLISH = [
  /new DomainError\(\s*"[A-Z_]+",\s*["'`]/g,
  /\berror:\s*["'`]/g,
  /addIssue\(\{[^)]*?\bmessage:\s*["'`]/gs,
  /\.(refine|min|max|length|regex)\([^()]*,\s*["'`][A-Z]/g,
];

describe("API messages", () => {
  // Code names a message by key (core/messages.ts); a text would reach the client untranslated.
  it("are keys in core/ and server/, never English text", () => {
    const found: string[] = [];
    for (const file of [...sources("core"), ...sources("server")]) {
      const text = readFileSync(file, "utf8");
      for (const pattern of ENGLISH) {
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split("\n").length;
          found.push(`${relative(root, file)}:${line}: ${match[0].replace(/\s+/g, " ")}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

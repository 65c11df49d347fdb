import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { completeLockfile, platformOf } from "./completeLockfile.mjs";

describe("completeLockfile", () => {
  it("reads os, cpu and libc from platform package names", () => {
    expect(platformOf("@biomejs/cli-linux-x64-musl")).toEqual({
      os: "linux",
      cpu: "x64",
      libc: "musl",
    });
    expect(platformOf("@tailwindcss/oxide-win32-arm64-msvc")).toEqual({
      os: "win32",
      cpu: "arm64",
      libc: undefined,
    });
    expect(platformOf("@tailwindcss/oxide-wasm32-wasi")).toEqual({
      os: undefined,
      cpu: "wasm32",
      libc: undefined,
    });
  });

  it("adds missing platform entries and leaves other optional dependencies alone", () => {
    const lock: { packages: Record<string, Record<string, unknown>> } = {
      packages: {
        "": { name: "x" },
        "node_modules/tool": {
          version: "1.0.0",
          dev: true,
          optionalDependencies: {
            "@t/cli-darwin-arm64": "1.0.0",
            "@t/cli-linux-x64": "1.0.0",
            helper: "^2",
          },
        },
        "node_modules/@t/cli-linux-x64": { version: "1.0.0", dev: true, optional: true },
      },
    };
    expect(completeLockfile(lock)).toEqual(["@t/cli-darwin-arm64@1.0.0"]);
    expect(lock.packages["node_modules/@t/cli-darwin-arm64"]).toEqual({
      version: "1.0.0",
      dev: true,
      optional: true,
      cpu: ["arm64"],
      os: ["darwin"],
    });
  });

  it("has nothing to add to the committed lockfile, so npm ci accepts it (run the script after npm install)", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
    expect(completeLockfile(lock)).toEqual([]);
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./credentialBox";

const key = randomBytes(32);

describe("sealSecret and openSecret", () => {
  it("round-trips a credential and never stores its text", () => {
    const sealed = sealSecret(key, "app-password-ü", "user-1");
    expect(sealed).not.toContain("app-password");
    expect(openSecret(key, sealed, "user-1")).toBe("app-password-ü");
  });

  it("uses a fresh nonce for each value", () => {
    expect(sealSecret(key, "same", "user-1")).not.toBe(sealSecret(key, "same", "user-1"));
  });

  it("refuses another key, another owner and a tampered value", () => {
    const sealed = sealSecret(key, "secret", "user-1");
    expect(() => openSecret(randomBytes(32), sealed, "user-1")).toThrow();
    expect(() => openSecret(key, sealed, "user-2")).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => openSecret(key, parts.join("."), "user-1")).toThrow();
    expect(() => openSecret(key, "garbage", "user-1")).toThrow();
  });
});

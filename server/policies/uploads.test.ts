import { describe, expect, it } from "vitest";
import {
  assertCanManageUpload,
  assertCanUseAsAvatar,
  canManageUpload,
  canUseAsAvatar,
} from "./uploads";

const image = { userId: "ada", kind: "image" };
const video = { userId: "ada", kind: "video" };

describe("upload policy", () => {
  it("lets the uploader alone delete an upload", () => {
    expect(canManageUpload("ada", video)).toBe(true);
    expect(canManageUpload("bo", video)).toBe(false);
    expect(() => assertCanManageUpload("bo", video)).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
  });

  it("takes as avatar only an image of the user's own, as a field error otherwise", () => {
    expect(canUseAsAvatar("ada", image)).toBe(true);
    expect(canUseAsAvatar("ada", video)).toBe(false);
    expect(canUseAsAvatar("bo", image)).toBe(false);
    expect(() => assertCanUseAsAvatar("ada", null)).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        fields: { avatarUploadId: [{ key: "uploads.notFound", params: {} }] },
      }),
    );
  });
});

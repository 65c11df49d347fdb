import { describe, expect, it } from "vitest";
import { sqlState } from "../db/sqlState";
import { signUpHost } from "../test/factories";
import { pngOf, TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { uploadSaver } from "./uploadSaver";
import { uploadVariantSaver } from "./uploadVariantSaver";

const t = await createTestApp();
const db = t.database.db;
const media = uploadMediaOf({ s3: null }, db);

describe("uploadVariantSaver", () => {
  it("stores a narrower copy of the owner's image as its variant", async () => {
    const host = await signUpHost(t);
    const original = await uploadSaver(db, media, host.id, "image", pngOf(1000, 500, "noise"));
    const copy = pngOf(480, 240);
    const variant = await uploadVariantSaver(db, media, host.id, original.id, 480, copy);
    expect(variant).toMatchObject({
      userId: host.id,
      kind: "image",
      mimeType: "image/png",
      width: 480,
      height: 240,
      variantOf: original.id,
    });
    expect(await media.writer.read(variant.id, null)).toEqual(copy);
  });

  it("refuses another host's image (NOT_FOUND), a wrong size (VALIDATION) and a width stored already (unique)", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const original = await uploadSaver(db, media, host.id, "image", pngOf(1000, 500, "noise"));
    await expect(
      uploadVariantSaver(db, media, other.id, original.id, 480, pngOf(480, 240)),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      uploadVariantSaver(db, media, host.id, original.id, 480, pngOf(480, 400)),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      uploadVariantSaver(db, media, host.id, original.id, 960, TINY_PNG),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await uploadVariantSaver(db, media, host.id, original.id, 480, pngOf(480, 240));
    // The unique index refuses it; the error handler answers that as CONFLICT.
    const twice = await uploadVariantSaver(
      db,
      media,
      host.id,
      original.id,
      480,
      pngOf(480, 240),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(sqlState(twice)).toBe("23505");
  });
});

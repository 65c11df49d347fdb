import { afterAll, describe, expect, it } from "vitest";
import { findUpload } from "../data/uploads";
import { findUserById } from "../data/users";
import { signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { startS3Double } from "../test/s3Double";
import { createTestApp } from "../test/testApp";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { meUpdater } from "./meUpdater";
import { uploadDeleter } from "./uploadDeleter";
import { uploadSaver } from "./uploadSaver";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const media = uploadMediaOf({ s3: null }, db);
const s3 = await startS3Double();
afterAll(() => s3.close());

describe("uploadDeleter", () => {
  it("deletes the row and the bytes, and unsets it as the owner's avatar", async () => {
    const host = await signUpHost(t);
    const row = await uploadSaver(db, media, host.id, "image", TINY_PNG);
    await meUpdater(db, host.id, { avatarUploadId: row.id }, NOW);
    await uploadDeleter(db, media, host.id, row.id);
    expect(await findUpload(db, row.id)).toBeNull();
    expect(await media.writer.read(row.id, null)).toBeNull();
    expect((await findUserById(db, host.id))!.avatarUploadId).toBeNull();
  });

  it("deletes the object from the S3 bucket", async () => {
    const host = await signUpHost(t);
    const s3Media = uploadMediaOf({ s3: s3.config }, db);
    const row = await uploadSaver(db, s3Media, host.id, "image", TINY_PNG);
    expect(s3.objects.has(row.id)).toBe(true);
    await uploadDeleter(db, s3Media, host.id, row.id);
    expect(s3.objects.has(row.id)).toBe(false);
  });

  it("leaves another host's upload alone (NOT_FOUND)", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const row = await uploadSaver(db, media, owner.id, "image", TINY_PNG);
    await expect(uploadDeleter(db, media, other.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "uploads.notFound" },
    });
    expect(await findUpload(db, row.id)).not.toBeNull();
  });
});

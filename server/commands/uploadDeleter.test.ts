import { access } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { findUpload } from "../data/uploads";
import { findUserById } from "../data/users";
import { signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";
import { uploadPath } from "../uploads/uploadFiles";
import { meUpdater } from "./meUpdater";
import { uploadDeleter } from "./uploadDeleter";
import { uploadSaver } from "./uploadSaver";

const t = await createTestApp();
const db = t.database.db;
const dataDir = t.deps.config.dataDir;

describe("uploadDeleter", () => {
  it("deletes the row and the file, and unsets it as the owner's avatar", async () => {
    const host = await signUpHost(t);
    const row = await uploadSaver(db, dataDir, host.id, "image", TINY_PNG);
    await meUpdater(db, host.id, { avatarUploadId: row.id }, new Date());
    await uploadDeleter(db, dataDir, host.id, row.id);
    expect(await findUpload(db, row.id)).toBeNull();
    await expect(access(uploadPath(dataDir, row.id))).rejects.toThrow();
    expect((await findUserById(db, host.id))!.avatarUploadId).toBeNull();
  });

  it("leaves another host's upload alone (NOT_FOUND)", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const row = await uploadSaver(db, dataDir, owner.id, "image", TINY_PNG);
    await expect(uploadDeleter(db, dataDir, other.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "uploads.notFound" },
    });
    expect(await findUpload(db, row.id)).not.toBeNull();
  });
});

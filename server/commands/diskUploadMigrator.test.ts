import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findUpload } from "../data/uploads";
import { uploads } from "../db/schema";
import { signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { startS3Double } from "../test/s3Double";
import { createTestApp } from "../test/testApp";
import { uploadPath } from "../uploads/uploadFiles";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { diskUploadMigrator } from "./diskUploadMigrator";

const t = await createTestApp();
const db = t.database.db;
const media = uploadMediaOf({ s3: null }, db);

/** An upload as the server stored it before media left the disk: a file and a `disk` row. */
async function diskUpload(dataDir: string, userId: string, withFile = true): Promise<string> {
  const id = randomUUID();
  mkdirSync(join(dataDir, "uploads"), { recursive: true });
  if (withFile) writeFileSync(uploadPath(dataDir, id), TINY_PNG);
  await db.insert(uploads).values({
    id,
    userId,
    kind: "image",
    mimeType: "image/png",
    size: TINY_PNG.length,
    sha256: "legacy",
    path: id,
    storage: "disk",
  });
  return id;
}

describe("diskUploadMigrator", () => {
  it("moves files from DATA_DIR into PostgreSQL once, leaving the missing ones for later", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-disk-uploads-"));
    const host = await signUpHost(t);
    const present = await diskUpload(dataDir, host.id);
    const absent = await diskUpload(dataDir, host.id, false);

    const first = await diskUploadMigrator(db, media, dataDir);
    expect(first.moved).toBeGreaterThanOrEqual(1);
    expect(first.missing).toContain(absent);
    expect((await findUpload(db, present))!.storage).toBe("postgres");
    expect((await findUpload(db, absent))!.storage).toBe("disk");
    expect(await media.writer.read(present, null)).toEqual(TINY_PNG);

    // Again (the next start, or a second process): nothing moves twice.
    const second = await diskUploadMigrator(db, media, dataDir);
    expect(second.moved).toBe(0);
    expect(second.missing).toContain(absent);

    // The served file is the moved one.
    const served = await t.request({ method: "GET", url: `/api/uploads/${present}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    await db.delete(uploads).where(eq(uploads.id, absent));
  });

  it("moves them to the S3 bucket when S3_URL is set", async () => {
    const s3 = await startS3Double();
    afterAll(() => s3.close());
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-disk-uploads-"));
    const host = await signUpHost(t);
    const id = await diskUpload(dataDir, host.id);
    const result = await diskUploadMigrator(db, uploadMediaOf({ s3: s3.config }, db), dataDir);
    expect(result).toEqual({ moved: 1, missing: [] });
    expect((await findUpload(db, id))!.storage).toBe("s3");
    expect(s3.objects.get(id)?.body).toEqual(TINY_PNG);
  });
});

import type { Readable } from "node:stream";
import type { ByteRange } from "../../core/uploads/byteRange";
import type { Db, Tx } from "../db/database";

/** Where an upload's bytes live; recorded per upload in `uploads.storage`. */
export type StorageName = "postgres" | "s3";

/** One place that keeps uploads' bytes by upload id, reachable from every server process. */
export interface MediaStore {
  readonly name: StorageName;
  /**
   * Keeps `content` under `uploadId`. `tx` is the transaction that inserts the upload's row:
   * PostgreSQL writes the bytes in it; an object store writes at once (the caller removes the
   * object when the transaction fails).
   */
  put(tx: Db | Tx, uploadId: string, content: Buffer, mimeType: string): Promise<void>;
  /** The bytes (all, or `range`), or null when the store has none for `uploadId`. */
  read(uploadId: string, range: ByteRange | null): Promise<Buffer | Readable | null>;
  /** Forgets `uploadId`'s bytes; nothing happens when there are none. */
  remove(uploadId: string): Promise<void>;
}

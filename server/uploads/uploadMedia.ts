import type { Config } from "../config";
import type { Db } from "../db/database";
import type { MediaStore } from "./mediaStore";
import { postgresMediaStore } from "./postgresMediaStore";
import { s3MediaStore } from "./s3MediaStore";

/** The stores of an installation: where new uploads go, and the one each stored upload is in. */
export interface UploadMedia {
  /** S3_URL's bucket when configured, else PostgreSQL. */
  writer: MediaStore;
  /** The store an upload's `storage` names; null for one this installation cannot reach. */
  storeOf(storage: string): MediaStore | null;
}

/** Builds the stores from the configuration: call once per app. */
export function uploadMediaOf(config: Pick<Config, "s3">, db: Db): UploadMedia {
  const postgres = postgresMediaStore(db);
  const s3 = config.s3 ? s3MediaStore(config.s3) : null;
  return {
    writer: s3 ?? postgres,
    storeOf(storage) {
      if (storage === "postgres") return postgres;
      if (storage === "s3") return s3;
      return null;
    },
  };
}

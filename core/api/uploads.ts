import { z } from "zod";
import { issueMessage } from "../issueMessage";

export const UPLOAD_KINDS = ["image", "video"] as const;

export const uploadParams = z.object({ id: z.uuid({ error: issueMessage("uploads.notFound") }) });

/** `POST /api/uploads?kind=`: what the one file part is meant to be. */
export const uploadQuery = z.object({ kind: z.enum(UPLOAD_KINDS).default("image") });

/** A stored upload; its type was decided by its content. */
export const uploadSchema = z.object({
  id: z.uuid(),
  kind: z.enum(UPLOAD_KINDS),
  mimeType: z.string(),
  size: z.number(),
  url: z.string(),
});

export type UploadResponse = z.infer<typeof uploadSchema>;

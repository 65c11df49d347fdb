import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { IMAGE_VARIANT_WIDTHS } from "../uploads/imageVariants";

export const UPLOAD_KINDS = ["image", "video"] as const;

export const uploadParams = z.object({ id: z.uuid({ error: issueMessage("uploads.notFound") }) });

/** `POST /api/uploads?kind=`: what the one file part is meant to be. */
export const uploadQuery = z.object({ kind: z.enum(UPLOAD_KINDS).default("image") });

/** `POST /api/uploads/{id}/variants?width=`: which smaller copy the one file part is. */
export const uploadVariantQuery = z.object({
  width: z.coerce
    .number()
    .int()
    .refine((width) => (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width), {
      error: issueMessage("uploads.variantMismatch"),
    })
    .describe(`One of ${IMAGE_VARIANT_WIDTHS.join(", ")}, narrower than the image`),
});

/** A stored upload; its type was decided by its content, an image's size by its header. */
export const uploadSchema = z.object({
  id: z.uuid(),
  kind: z.enum(UPLOAD_KINDS),
  mimeType: z.string(),
  size: z.number(),
  /** An image's pixel size; null for videos and images stored before sizes were read. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The image this one is a smaller copy of, or null for an original. */
  variantOf: z.uuid().nullable(),
  url: z.string(),
});

export type UploadResponse = z.infer<typeof uploadSchema>;

import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  uploadParams,
  uploadQuery,
  uploadSchema,
  uploadVariantQuery,
} from "../../../core/api/uploads";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { parseByteRange } from "../../../core/uploads/byteRange";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../../../core/uploads/uploadLimits";
import { uploadDeleter } from "../../commands/uploadDeleter";
import { uploadSaver } from "../../commands/uploadSaver";
import { uploadVariantSaver } from "../../commands/uploadVariantSaver";
import { findUpload, type UploadRow } from "../../data/uploads";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { refuseUnsafeText } from "../../plugins/unsafeTextGuard";
import { tooLarge } from "../../uploads/uploadFiles";
import { uploadMediaOf } from "../../uploads/uploadMedia";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const params = uploadParams;

const noFile = () =>
  new DomainError("VALIDATION", message("uploads.chooseFile"), {
    file: [message("uploads.chooseFile")],
  });

const UNREADABLE = message("uploads.unreadable");

const presentUpload = (row: UploadRow) => ({
  id: row.id,
  kind: row.kind,
  mimeType: row.mimeType,
  size: row.size,
  width: row.width,
  height: row.height,
  variantOf: row.variantOf,
  url: `/api/uploads/${row.id}`,
});

/**
 * The bytes of the body's one file part, "tooLarge" past `limit`, or null without a file. A
 * body busboy cannot parse (no boundary, cut off, over the part limits) is the sender's
 * fault: VALIDATION, where the parser's own error would end as a 500. Text parts before the
 * file are not used, but one PostgreSQL could not store is refused as a JSON field would be.
 */
async function readFilePart(
  request: FastifyRequest,
  limit: number,
): Promise<Buffer | "tooLarge" | null> {
  const texts: Record<string, string> = {};
  let content: Buffer | "tooLarge" | null;
  try {
    const part = await request.file({ limits: { fileSize: limit } });
    if (!part) return null;
    for (const field of Object.values(part.fields).flat()) {
      if (field?.type === "field" && typeof field.value === "string") {
        texts[field.fieldname] = field.value;
      }
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    content = part.file.truncated ? "tooLarge" : Buffer.concat(chunks);
  } catch {
    throw new DomainError("VALIDATION", UNREADABLE, { file: [UNREADABLE] });
  }
  refuseUnsafeText(texts);
  return content;
}

export async function uploadRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const media = uploadMediaOf(deps.config, db);
  const tags = ["uploads"];
  await app.register(multipart, {
    limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: false,
  });

  app.post(
    "/uploads",
    {
      schema: {
        tags,
        summary:
          "Upload an image (png, jpg, gif, webp, at most 5 MB) or a video (mp4, webm, 10 MB)",
        description:
          "A multipart/form-data body with one `file` part. The type is decided by the file's content (magic bytes), not by its name or declared type.",
        security: hostSecurity,
        consumes: ["multipart/form-data"],
        querystring: uploadQuery,
        response: { 201: uploadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { kind } = request.query;
      const limit = kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES;
      if (!request.isMultipart()) throw noFile();
      const content = await readFilePart(request, limit);
      if (content === "tooLarge") throw tooLarge(kind);
      if (content === null || content.length === 0) throw noFile();
      const row = await uploadSaver(db, media, userId, kind, content);
      return reply.status(201).send(presentUpload(row));
    },
  );

  app.post(
    "/uploads/:id/variants",
    {
      schema: {
        tags,
        summary: "Add a smaller copy of one of your images, made by your browser",
        description:
          "A multipart/form-data body with one `file` part: the image `id` resized to `width` pixels (PNG, JPG or WebP). Checked by content: its header must state that width and the image's proportions, and it may not be larger in bytes than the image. Public pages offer the copies in `srcset`; they are deleted with the image. A second copy of the same width answers 409.",
        security: hostSecurity,
        consumes: ["multipart/form-data"],
        params,
        querystring: uploadVariantQuery,
        response: { 201: uploadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      if (!request.isMultipart()) throw noFile();
      const content = await readFilePart(request, IMAGE_MAX_BYTES);
      if (content === "tooLarge") throw tooLarge("image");
      if (content === null || content.length === 0) throw noFile();
      const row = await uploadVariantSaver(
        db,
        media,
        userId,
        request.params.id,
        request.query.width,
        content,
      );
      return reply.status(201).send(presentUpload(row));
    },
  );

  app.get(
    "/uploads/:id",
    {
      schema: {
        tags,
        summary: "An uploaded file, with the content type found when it was stored",
        description:
          "Immutable (an upload's bytes never change, a new file gets a new id): cached for a year, `ETag` the SHA-256 of the bytes, `If-None-Match` answers 304. One `Range: bytes=` range answers 206 with `Content-Range` (video seeking), a range past the end 416.",
        params,
        response: {
          200: z.any().describe("The file's bytes"),
          206: z.any().describe("The requested range of the file's bytes"),
          304: z.null().describe("Not modified: the copy the client holds is current"),
          416: z.null().describe("The range starts past the end of the file"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const row = await findUpload(db, request.params.id);
      const store = row ? media.storeOf(row.storage) : null;
      if (!row || !store) throw new DomainError("NOT_FOUND", message("uploads.notFound"));
      const etag = `"${row.sha256}"`;
      reply
        .header("Content-Type", row.mimeType)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("ETag", etag)
        .header("Accept-Ranges", "bytes");
      const ifNoneMatch = request.headers["if-none-match"];
      const matches = (tag: string) => tag === "*" || tag.replace(/^W\//, "") === etag;
      if (ifNoneMatch?.split(",").some((tag) => matches(tag.trim()))) {
        return reply.status(304).send(null);
      }
      // If-Range names the copy a resumed download began with; another copy gets it all.
      const ifRange = request.headers["if-range"];
      const range =
        ifRange === undefined || ifRange === etag
          ? parseByteRange(request.headers.range, row.size)
          : null;
      if (range === "unsatisfiable") {
        return reply
          .status(416)
          .header("Content-Range", `bytes */${row.size}`)
          .removeHeader("Content-Type")
          .send(null);
      }
      // HEAD (a player probing the size) needs no bytes from the store.
      if (request.method === "HEAD" && range === null) {
        // An empty stream: an empty body would have Fastify set Content-Length to 0.
        return reply.header("Content-Length", row.size).send(Readable.from([]));
      }
      const body = await store.read(row.id, range);
      if (body === null) throw new DomainError("NOT_FOUND", message("uploads.notFound"));
      if (range === null) return reply.header("Content-Length", row.size).send(body);
      return reply
        .status(206)
        .header("Content-Range", `bytes ${range.start}-${range.end}/${row.size}`)
        .header("Content-Length", range.end - range.start + 1)
        .send(body);
    },
  );

  app.delete(
    "/uploads/:id",
    {
      schema: {
        tags,
        summary: "Delete one of your uploads",
        security: hostSecurity,
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await uploadDeleter(db, media, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Compresses answers of 1 kB and more, and refuses compressed request bodies with 415
 * (FST_CP_ERR_INVALID_CONTENT_ENCODING, translated by the error handler). Inflating them
 * helped nobody: browsers never compress what they send, and @fastify/multipart reads the
 * raw socket, not the inflated stream, so a gzipped form deadlocked behind the paused
 * inflater and held its connection until the client gave up. JSON bodies are refused too:
 * at 1 MB they gain little, and one rule leaves no inflater for a gzip bomb to run.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, requestEncodings: ["identity"] });
});

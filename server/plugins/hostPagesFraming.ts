import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Pages only hosts and operators use: the home page, the dashboard, the API docs and the
 * development mailbox. Framing them lets another site overlay them (clickjacking); the public
 * booking pages stay embeddable anywhere.
 */
export function isHostOnlyPath(path: string): boolean {
  return (
    path === "/" || /^\/(dashboard|dev|api\/docs)(\/|$|\.)/.test(path) || path === "/index.html"
  );
}

/** Narrows helmet's `frame-ancestors *` to the own origin on the host-only pages. */
export const hostPagesFraming = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?", 1)[0] ?? "/";
    if (!isHostOnlyPath(path)) return;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string") {
      reply.header(
        "content-security-policy",
        policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'"),
      );
    }
    reply.header("x-frame-options", "SAMEORIGIN");
  });
});

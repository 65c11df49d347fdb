import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps";
import { isLoopback } from "../../plugins/loopback";

/** At most a year and a day per step: enough for any test, and no overflow. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

const advanceBody = z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }).strict();
const nowReply = z.object({ now: z.string() });

/**
 * The test clock (deps.testClock, TEST_CLOCK_START): `GET /test/clock` says the server's time,
 * `POST /test/clock` `{ advanceMs }` moves it forward, so browser tests share one time with the
 * server and let time pass without waiting for it. Registered only when the server runs on a
 * test clock (config refuses one in production), and answers connections from this machine only.
 */
export async function testClockRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const testClock = deps.testClock;
  if (!testClock) return;
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request, reply) => {
    // The socket's own address: a forwarded header is whatever the client wrote.
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(404).send({ message: "Not found" });
    }
  });
  const hide = true;

  app.get("/test/clock", { schema: { hide, response: { 200: nowReply } } }, async () => ({
    now: testClock.now().toISOString(),
  }));

  app.post(
    "/test/clock",
    { schema: { hide, body: advanceBody, response: { 200: nowReply } } },
    async (request) => ({ now: testClock.advance(request.body.advanceMs).toISOString() }),
  );
}

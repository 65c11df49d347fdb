import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { outbox } from "../../db/schema";
import type { Deps } from "../../deps";
import { html } from "../../mail/html";
import type { MailPayload, RenderedMail } from "../../mail/mailTypes";
import { renderMail } from "../../mail/renderMail";
import { isLoopback } from "../../plugins/loopback";

const LIST_LIMIT = 200;

type OutboxRow = typeof outbox.$inferSelect;

function rendered(row: OutboxRow): RenderedMail | null {
  try {
    return renderMail(row.payload as unknown as MailPayload);
  } catch {
    return null;
  }
}

function page(title: string, body: ReturnType<typeof html>): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;margin:24px;color:#101828">${body}</body></html>`
    .value;
}

/**
 * The development mailbox: the outbox's mail, rendered, at /dev/mailbox (an HTML list and each
 * message) and /dev/mailbox.json (for scripts and browser tests). Registered only when
 * config.devMailbox; mail written without SMTP_URL waits here instead of being sent.
 * It holds reset links, email codes and cancel tokens, so it answers only connections
 * from this machine.
 */
export async function devMailboxRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  if (!deps.config.devMailbox) return;
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request, reply) => {
    // The socket's own address: a forwarded header is whatever the client wrote.
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(404).send({ message: "Not found" });
    }
  });
  const { db } = deps.database;
  const hide = { hide: true };

  const latest = () =>
    db
      .select()
      .from(outbox)
      // A reminder due later is not in anyone's mailbox yet.
      .where(and(eq(outbox.kind, "mail"), lte(outbox.nextAttemptAt, deps.clock())))
      .orderBy(desc(outbox.id))
      .limit(LIST_LIMIT);

  app.get("/dev/mailbox", { schema: hide }, async (_request, reply) => {
    const rows = await latest();
    const items = rows.map((row) => {
      const mail = rendered(row);
      return html`<tr>
<td><a href="/dev/mailbox/${String(row.id)}">${String(row.id)}</a></td>
<td>${row.createdAt.toISOString()}</td><td>${row.status}</td>
<td>${mail?.to.email ?? "?"}</td><td>${mail?.subject ?? "(cannot render)"}</td></tr>`;
    });
    return reply.type("text/html; charset=utf-8").send(
      page(
        "Mailbox",
        html`<h1>Mailbox</h1><p>The outbox's latest ${String(LIST_LIMIT)} mails.</p>
<table cellpadding="6" style="border-collapse:collapse">
<tr><th>#</th><th>Written</th><th>Status</th><th>To</th><th>Subject</th></tr>${items}</table>`,
      ),
    );
  });

  app.get("/dev/mailbox.json", { schema: hide }, async () => {
    const rows = await latest();
    return {
      mails: rows.map((row) => {
        const mail = rendered(row);
        return {
          id: row.id,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          to: mail?.to.email ?? null,
          subject: mail?.subject ?? null,
          text: mail?.text ?? null,
          ics: mail?.ics?.content ?? null,
        };
      }),
    };
  });

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  async function findMail(id: number) {
    const [row] = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.id} = ${id} and ${outbox.kind} = 'mail'`)
      .limit(1);
    return row ?? null;
  }

  app.get("/dev/mailbox/:id", { schema: { ...hide, params: idParams } }, async (request, reply) => {
    const row = await findMail(request.params.id);
    const mail = row ? rendered(row) : null;
    if (!row || !mail) return reply.status(404).send({ message: "No such mail." });
    return reply.type("text/html; charset=utf-8").send(
      page(
        mail.subject,
        html`<p><a href="/dev/mailbox">&larr; Mailbox</a></p>
<dl><dt>To</dt><dd>${mail.to.name ? `${mail.to.name} <${mail.to.email}>` : mail.to.email}</dd>
<dt>Subject</dt><dd>${mail.subject}</dd><dt>Status</dt><dd>${row.status} (${String(row.attempts)} attempts)</dd>
${mail.ics ? html`<dt>Calendar</dt><dd><a href="/dev/mailbox/${String(row.id)}/invite.ics">invite.ics</a> (${mail.ics.method})</dd>` : null}</dl>
<iframe title="HTML" sandbox srcdoc="${mail.html}" style="width:100%;height:600px;border:1px solid #ccc"></iframe>
<h2>Text</h2><pre style="white-space:pre-wrap">${mail.text}</pre>`,
      ),
    );
  });

  app.get(
    "/dev/mailbox/:id/invite.ics",
    { schema: { ...hide, params: idParams } },
    async (request, reply) => {
      const row = await findMail(request.params.id);
      const ics = row ? rendered(row)?.ics : null;
      if (!ics) return reply.status(404).send({ message: "No calendar file." });
      return reply.type("text/calendar; charset=utf-8").send(ics.content);
    },
  );
}

import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { teamMembers, teams, webhookDeliveries, webhooks } from "../db/schema";

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The teams `userId` administers, by name: whose subscriptions they manage. */
export function adminTeams(db: Db | Tx, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, "admin")))
    .orderBy(teams.name, teams.id);
}

export async function findWebhook(db: Db | Tx, id: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row ?? null;
}

/**
 * Deletes the subscriptions `which` picks, with their delivery log (by cascade) and the outbox
 * rows of their waiting deliveries, which would otherwise wake for a delivery that is gone.
 */
export async function deleteWebhooksWhere(tx: Tx, which: SQL): Promise<void> {
  const doomed = tx.select({ id: webhooks.id }).from(webhooks).where(which);
  await tx.execute(sql`
    delete from outbox
     where kind = 'webhook'
       and payload->>'deliveryId' in (
         select id::text from webhook_deliveries where webhook_id in (${doomed}))`);
  await tx.delete(webhooks).where(inArray(webhooks.id, doomed));
}

/** A host's own subscriptions and those of the teams they administer, oldest first. */
export async function listWebhooks(db: Db | Tx, userId: string, teamIds: readonly string[]) {
  const owner =
    teamIds.length === 0
      ? eq(webhooks.userId, userId)
      : or(eq(webhooks.userId, userId), inArray(webhooks.teamId, [...teamIds]));
  return db.select().from(webhooks).where(owner).orderBy(webhooks.createdAt, webhooks.id);
}

/** The latest deliveries of a subscription, with when a pending one is tried next. */
export async function listDeliveries(db: Db | Tx, webhookId: string, limit = 100) {
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      nextAttemptAt: sql<string | Date | null>`(
        select o.next_attempt_at from outbox o
         where o.kind = 'webhook' and o.status = 'pending'
           and o.payload->>'deliveryId' = ${webhookDeliveries.id}::text
         limit 1)`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
  return rows.map((row) => ({
    ...row.delivery,
    nextAttemptAt:
      row.delivery.status === "pending" && row.nextAttemptAt !== null
        ? new Date(row.nextAttemptAt)
        : null,
  }));
}

export async function findDelivery(
  db: Db | Tx,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
  return row ?? null;
}

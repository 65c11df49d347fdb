import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhooks } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import {
  isPlainWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
} from "../webhooks/webhookSecret";
import { webhookSecretSealer } from "./webhookSecretSealer";

const t = await createTestApp();
const db = t.database.db;
const key = t.deps.config.encryptionKey;

async function webhookWithSecret(userId: string, secret: string) {
  const [row] = await db
    .insert(webhooks)
    .values({ userId, url: "https://hooks.example.com/in", events: ["booking.created"], secret })
    .returning();
  return row!;
}

const storedSecret = async (id: string) =>
  (await db.select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, id)))[0]!
    .secret;

describe("webhookSecretSealer", () => {
  it("seals each plain secret once, so it opens to the same value, and leaves sealed ones", async () => {
    const host = await signUpHost(t);
    const plain = await webhookWithSecret(host.id, "whsec_plain_one");
    const sealedBefore = await webhookWithSecret(host.id, "placeholder");
    const alreadySealed = sealWebhookSecret(key, sealedBefore.id, "whsec_kept");
    await db
      .update(webhooks)
      .set({ secret: alreadySealed })
      .where(eq(webhooks.id, sealedBefore.id));

    expect(await webhookSecretSealer(db, key)).toBe(1);
    const stored = await storedSecret(plain.id);
    expect(isPlainWebhookSecret(stored)).toBe(false);
    expect(openWebhookSecret(key, plain.id, stored)).toBe("whsec_plain_one");
    expect(await storedSecret(sealedBefore.id)).toBe(alreadySealed);

    expect(await webhookSecretSealer(db, key)).toBe(0);
    expect(await storedSecret(plain.id)).toBe(stored);
  });
});

import { eq } from "drizzle-orm";
import { findRoutingForm } from "../data/routingForms";
import type { Db } from "../db/database";
import { routingForms } from "../db/schema";
import { assertCanManageRoutingForm } from "../policies/routingForms";

/** Deletes a form the caller manages, with its responses (NOT_FOUND or FORBIDDEN otherwise). */
export async function routingFormDeleter(db: Db, userId: string, formId: string): Promise<void> {
  const form = await assertCanManageRoutingForm(db, userId, await findRoutingForm(db, formId));
  await db.delete(routingForms).where(eq(routingForms.id, form.id));
}

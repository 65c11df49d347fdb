import { eq, sql } from "drizzle-orm";
import type { RoutingFormUpdate } from "../../core/routingForms/routingFormSchema";
import { findRoutingForm, type RoutingFormRow } from "../data/routingForms";
import type { Db } from "../db/database";
import { routingForms } from "../db/schema";
import { assertCanManageRoutingForm } from "../policies/routingForms";
import { assertRoutesOpenOwnEventTypes, saveRoutingForm } from "../routingForms/formWrites";

/**
 * Changes a form the caller manages (NOT_FOUND or FORBIDDEN otherwise): title, link,
 * description, and fields with routes together. Its responses keep the route ids they took.
 */
export async function routingFormUpdater(
  db: Db,
  userId: string,
  formId: string,
  patch: RoutingFormUpdate,
): Promise<RoutingFormRow> {
  const form = await assertCanManageRoutingForm(db, userId, await findRoutingForm(db, formId));
  if (patch.routes !== undefined) await assertRoutesOpenOwnEventTypes(db, form, patch.routes);
  return saveRoutingForm(db, async (tx) => {
    await tx
      .update(routingForms)
      .set({
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.slug === undefined ? {} : { slug: patch.slug }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.fields === undefined ? {} : { fields: patch.fields }),
        ...(patch.routes === undefined ? {} : { routes: patch.routes }),
        updatedAt: sql`now()`,
      })
      .where(eq(routingForms.id, form.id));
    return form.id;
  });
}

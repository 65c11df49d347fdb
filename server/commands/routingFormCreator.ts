import type { RoutingFormInput } from "../../core/routingForms/routingFormSchema";
import type { RoutingFormRow } from "../data/routingForms";
import type { Db } from "../db/database";
import { routingForms } from "../db/schema";
import { assertTeamAdmin } from "../policies/teams";
import { assertRoutesOpenOwnEventTypes, saveRoutingForm } from "../routingForms/formWrites";

/**
 * Creates a routing form of the host, or of a team they administer (NOT_FOUND for a team they
 * are not in, FORBIDDEN for a plain member). Its routes may open only the owner's event types;
 * a taken link is a field error.
 */
export async function routingFormCreator(
  db: Db,
  userId: string,
  input: RoutingFormInput,
): Promise<RoutingFormRow> {
  if (input.teamId !== null) await assertTeamAdmin(db, userId, input.teamId);
  const owner =
    input.teamId === null ? { userId, teamId: null } : { userId: null, teamId: input.teamId };
  await assertRoutesOpenOwnEventTypes(db, owner, input.routes);
  return saveRoutingForm(db, async (tx) => {
    const [row] = await tx
      .insert(routingForms)
      .values({
        ...owner,
        title: input.title,
        slug: input.slug,
        description: input.description,
        fields: input.fields,
        routes: input.routes,
      })
      .returning({ id: routingForms.id });
    return row!.id;
  });
}

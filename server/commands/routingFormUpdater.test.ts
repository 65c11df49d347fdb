import { describe, expect, it } from "vitest";
import { routingFormSchema } from "../../core/routingForms/routingFormSchema";
import { findRoutingForm } from "../data/routingForms";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { routingFormCreator } from "./routingFormCreator";
import { routingFormUpdater } from "./routingFormUpdater";

const t = await createTestApp();
const db = t.database.db;

describe("routingFormUpdater", () => {
  it("changes its owner's form, keeping what the patch leaves out; another host gets NOT_FOUND", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    await createEventType(t, host);
    const form = await routingFormCreator(
      db,
      host.id,
      routingFormSchema.parse({
        title: "Intake",
        slug: `u-${host.username}`,
        routes: [{ id: "fb", isFallback: true, action: { type: "MESSAGE", message: "Hi" } }],
      }),
    );
    await routingFormUpdater(db, host.id, form.id, { description: "New words" });
    expect(await findRoutingForm(db, form.id)).toMatchObject({
      title: "Intake",
      description: "New words",
    });
    await expect(
      routingFormUpdater(db, other.id, form.id, { title: "Mine" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await findRoutingForm(db, form.id))?.title).toBe("Intake");
  });
});

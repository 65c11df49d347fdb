import { describe, expect, it } from "vitest";
import { routingFormSchema } from "../../core/routingForms/routingFormSchema";
import { findRoutingForm } from "../data/routingForms";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { routingFormCreator } from "./routingFormCreator";
import { routingFormDeleter } from "./routingFormDeleter";

const t = await createTestApp();
const db = t.database.db;

describe("routingFormDeleter", () => {
  it("deletes its owner's form only", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const form = await routingFormCreator(
      db,
      host.id,
      routingFormSchema.parse({
        title: "Intake",
        slug: `d-${host.username}`,
        routes: [{ id: "fb", isFallback: true, action: { type: "MESSAGE", message: "Hi" } }],
      }),
    );
    await expect(routingFormDeleter(db, other.id, form.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await findRoutingForm(db, form.id)).not.toBeNull();
    await routingFormDeleter(db, host.id, form.id);
    expect(await findRoutingForm(db, form.id)).toBeNull();
  });
});

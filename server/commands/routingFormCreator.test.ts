import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors";
import { routingFormSchema } from "../../core/routingForms/routingFormSchema";
import { findRoutingForm } from "../data/routingForms";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { routingFormCreator } from "./routingFormCreator";

const t = await createTestApp();
const db = t.database.db;

const input = (slug: string, eventTypeId: string, teamId: string | null = null) =>
  routingFormSchema.parse({
    title: "Intake",
    slug,
    teamId,
    fields: [{ id: "f", type: "SHORT_TEXT", label: "Company", identifier: "company" }],
    routes: [
      {
        id: "r",
        conditions: [{ fieldId: "f", operator: "is_not_empty" }],
        action: { type: "EVENT_TYPE", eventTypeId },
      },
      { id: "fb", isFallback: true, action: { type: "MESSAGE", message: "Bye" } },
    ],
  });

describe("routingFormCreator", () => {
  it("stores a host's form with its fields and routes", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const form = await routingFormCreator(db, host.id, input(`c-${host.username}`, type.id));
    const stored = await findRoutingForm(db, form.id);
    expect(stored).toMatchObject({ userId: host.id, teamId: null, title: "Intake" });
    expect(stored?.routes.map((route) => route.id)).toEqual(["r", "fb"]);
  });

  it("refuses a team the host does not administer and another owner's event type", async () => {
    const host = await signUpHost(t);
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin, [host]);
    const type = await createEventType(t, host);
    const theirs = await createEventType(t, admin);
    await expect(
      routingFormCreator(db, host.id, input(`t-${host.username}`, type.id, team.id)),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const foreign = routingFormCreator(db, host.id, input(`f-${host.username}`, theirs.id));
    await expect(foreign).rejects.toBeInstanceOf(DomainError);
    await expect(foreign).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

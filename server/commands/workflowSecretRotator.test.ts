import { describe, expect, it } from "vitest";
import { findWorkflow } from "../data/workflows";
import { BOOKING_NOW } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { openWorkflowSecret } from "../workflows/workflowSecret";
import { workflowCreator } from "./workflowCreator";
import { workflowSecretRotator } from "./workflowSecretRotator";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const { db } = t.database;

describe("workflowSecretRotator", () => {
  it("stores a new sealed secret and answers it; NOT_FOUND for a workflow the caller does not manage", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const type = await createEventType(t, host);
    const options = { encryptionKey: t.deps.config.encryptionKey, now: BOOKING_NOW };
    const { workflow, signingSecret: first } = await workflowCreator(
      db,
      host.id,
      {
        eventTypeId: type.id,
        name: "Hook",
        active: true,
        trigger: "created",
        offsetMinutes: 0,
        cancelledBy: [],
        steps: [
          {
            action: "webhook",
            target: "https://example.com/h",
            subject: null,
            body: null,
            note: "",
          },
        ],
      },
      options,
    );
    const later = new Date(BOOKING_NOW.getTime() + 60_000);
    const second = await workflowSecretRotator(db, host.id, workflow.id, {
      ...options,
      now: later,
    });
    expect(second).not.toBe(first);
    const stored = (await findWorkflow(db, workflow.id))!;
    expect(openWorkflowSecret(options.encryptionKey, workflow.id, stored.signingSecret!)).toBe(
      second,
    );
    expect(stored.updatedAt).toEqual(later);
    await expect(workflowSecretRotator(db, other.id, workflow.id, options)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BOOKING_NOW } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { openWorkflowSecret } from "../workflows/workflowSecret";
import { workflowCreator } from "./workflowCreator";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("workflowCreator", () => {
  it("writes the workflow and its steps in order; NOT_FOUND for an event type the caller does not manage", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const type = await createEventType(t, host);
    const input = {
      eventTypeId: type.id,
      name: "Two steps",
      active: true,
      trigger: "created" as const,
      offsetMinutes: 0,
      cancelledBy: [],
      steps: [
        { action: "email_invitee" as const, target: null, subject: "A", body: "a", note: "" },
        {
          action: "webhook" as const,
          target: "https://example.com/h",
          subject: null,
          body: null,
          note: "",
        },
      ],
    };
    const key = t.deps.config.encryptionKey;
    const options = { encryptionKey: key, now: BOOKING_NOW };
    const { workflow: created, signingSecret } = await workflowCreator(
      t.database.db,
      host.id,
      input,
      options,
    );
    expect(created.steps.map((s) => [s.position, s.action])).toEqual([
      [0, "email_invitee"],
      [1, "webhook"],
    ]);
    expect(created.createdAt).toEqual(BOOKING_NOW);
    // The secret is stored sealed, bound to this workflow: only the key opens it.
    expect(signingSecret).toMatch(/^whsec_[\w-]{43}$/);
    expect(created.signingSecret).not.toContain(signingSecret);
    expect(openWorkflowSecret(key, created.id, created.signingSecret!)).toBe(signingSecret);
    expect(() => openWorkflowSecret(key, randomUUID(), created.signingSecret!)).toThrow();
    await expect(workflowCreator(t.database.db, other.id, input, options)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

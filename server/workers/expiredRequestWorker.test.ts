import { describe, expect, it, onTestFinished } from "vitest";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { startExpiredRequestWorker } from "./expiredRequestWorker";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("expired request worker", () => {
  it("expires an unanswered request on a schedule of its own, no mail worker needed", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { requiresApproval: true });
    const body = bookingBody(userLink(host, type), { start: berlinSlot(0, "09:00") });
    await bookOk(t, body);
    const clock = { now: BOOKING_NOW };
    const worker = startExpiredRequestWorker({
      database: t.database,
      publicUrl: "http://localhost:3000",
      clock: () => clock.now,
      pollMs: 3_600_000,
    });
    onTestFinished(() => worker.stop());

    expect(await worker.run()).toBe(0);
    clock.now = new Date(berlinSlot(0, "09:00"));
    expect(await worker.run()).toBe(1);
    expect((await bookingMailsTo(t, body.email as string)).at(-1)).toMatchObject({
      template: "bookingDeclined",
      data: { expired: true },
    });
  });
});

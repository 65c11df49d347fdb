import { expect } from "vitest";
import { WEBHOOK_EVENTS } from "../../../core/webhooks/webhookEvents";
import { calendarConnections, connectedCalendars } from "../../db/schema";
import type { Host } from "../../test/factories";
import type { TestApp } from "../../test/testApp";

/** Gives a host a write calendar and a subscription to every webhook event. */
export async function equipHost(t: TestApp, host: Host): Promise<void> {
  const db = t.database.db;
  const [connection] = await db
    .insert(calendarConnections)
    .values({
      userId: host.id,
      provider: "CALDAV",
      name: "Work",
      serverUrl: "http://127.0.0.1:9/",
      secret: "unused",
    })
    .returning();
  await db.insert(connectedCalendars).values({
    connectionId: connection!.id,
    url: "http://127.0.0.1:9/bookings/",
    name: "Bookings",
    writeTarget: true,
  });
  const hook = await t.request({
    method: "POST",
    url: "/api/webhooks",
    headers: host.headers,
    payload: { url: "http://127.0.0.1:9/hook", events: [...WEBHOOK_EVENTS] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
}

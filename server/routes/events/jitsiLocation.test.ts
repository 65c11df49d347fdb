import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { renderMail } from "../../mail/renderMail";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp({ jitsiBaseUrl: "https://meet.example.org" });
t.setNow(BOOKING_NOW);

describe("the Jitsi Meet location", () => {
  it("gives every booking a room of its own on the configured server, sent in the mail", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { locations: [{ type: "JITSI" }] });
    expect(type.locations).toEqual([{ type: "JITSI", options: {} }]);
    const first = bookingBody(userLink(host, type), {
      start: berlinSlot(0, "09:00"),
      location: { type: "JITSI" },
    });
    const a = await bookOk(t, first);
    const b = await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(0, "10:00") }));
    const locationOf = (answer: { event: object }) =>
      (answer.event as { location: { type: string; value: string } }).location;
    const rooms = [locationOf(a), locationOf(b)];
    for (const room of rooms) {
      expect(room.type).toBe("JITSI");
      expect(room.value).toMatch(/^https:\/\/meet\.example\.org\/Slotted-[A-Za-z0-9_-]{16}$/);
    }
    expect(rooms[0]!.value).not.toBe(rooms[1]!.value);

    const [mail] = await bookingMailsTo(t, first.email as string);
    const rendered = renderMail(mail!);
    expect(rendered.text).toContain("Jitsi Meet");
    expect(rendered.text).toContain(rooms[0]!.value);
  });

  it("uses the public server unless JITSI_BASE_URL names another, and refuses a bad one", () => {
    const env = { SESSION_SECRET: "test-secret-test-secret-test-secret-0123", DATA_DIR: "/tmp/x" };
    expect(loadConfig(env).jitsiBaseUrl).toBe("https://meet.jit.si");
    expect(loadConfig({ ...env, JITSI_BASE_URL: "https://meet.example.com/" }).jitsiBaseUrl).toBe(
      "https://meet.example.com",
    );
    expect(() => loadConfig({ ...env, JITSI_BASE_URL: "ftp://x" })).toThrow(/JITSI_BASE_URL/);
  });
});

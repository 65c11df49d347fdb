import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/testApp";
import { isHostOnlyPath } from "./hostPagesFraming";

const t = await createTestApp();

function frameAncestors(policy: unknown): string | undefined {
  return String(policy)
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("frame-ancestors"));
}

describe("framing", () => {
  it.each(["/", "/dashboard", "/dashboard/event-types/1", "/dev/mailbox", "/api/docs", "/?x=1"])(
    "lets only the own origin frame %s",
    async (url) => {
      const r = await t.request({ method: "GET", url });
      expect(frameAncestors(r.headers["content-security-policy"])).toBe("frame-ancestors 'self'");
      expect(r.headers["x-frame-options"]).toBe("SAMEORIGIN");
    },
  );

  it.each([
    "/demo",
    "/demo/meeting",
    "/C/abc",
    "/reschedule/by-attendee/x",
    "/event/x",
    "/dashboards",
  ])("keeps the public page %s embeddable anywhere", async (url) => {
    const r = await t.request({ method: "GET", url });
    expect(frameAncestors(r.headers["content-security-policy"])).toBe("frame-ancestors *");
    expect(r.headers["x-frame-options"]).toBeUndefined();
  });

  it("tells host-only paths from usernames that merely start alike", () => {
    expect(isHostOnlyPath("/dashboard/")).toBe(true);
    expect(isHostOnlyPath("/developer")).toBe(false);
    expect(isHostOnlyPath("/api/docs/static/index.html")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { keepsLoading, showsLoading } from "./loadingRules";

describe("showsLoading", () => {
  it("is off for timetable, profile-page and email-verify calls", () => {
    for (const path of [
      "/timetable?userLink=a",
      "/timetable-by-shared-link?sharedLink=x",
      "/page/ana",
      "/event/verify-email",
    ]) {
      expect(showsLoading(path), path).toBe(false);
    }
  });

  it("is on for the other calls", () => {
    for (const path of ["/event", "/user/ana/intro", "/event/uuid/x/cancel", "/timetables"]) {
      expect(showsLoading(path), path).toBe(true);
    }
  });
});

describe("keepsLoading", () => {
  it("stays on for URL and EVENT_TYPE actions and a Stripe checkout", () => {
    expect(keepsLoading({ action: { actionType: "URL" } })).toBe(true);
    expect(keepsLoading({ action: { actionType: "EVENT_TYPE" } })).toBe(true);
    expect(keepsLoading({ checkout: true, event: { payment: { gateway: "Stripe" } } })).toBe(true);
  });

  it("goes off otherwise", () => {
    expect(keepsLoading({ action: { actionType: "MESSAGE" } })).toBe(false);
    expect(keepsLoading({ checkout: false, event: { payment: { gateway: "Stripe" } } })).toBe(
      false,
    );
    expect(keepsLoading({ checkout: true, event: { payment: null } })).toBe(false);
    expect(keepsLoading(undefined)).toBe(false);
  });
});

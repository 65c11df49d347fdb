import { describe, expect, it } from "vitest";
import type { EventType } from "../api/types";
import {
  duplicateDraft,
  eventTypePayload,
  fromMinorUnits,
  newEventTypeDraft,
  slugify,
  toMinorUnits,
} from "./eventTypeDraft";

const stored: EventType = {
  ...newEventTypeDraft("ROUND_ROBIN", "t1"),
  id: "e1",
  userId: null,
  sharedLink: "abc",
  url: "http://x/R/abc",
  title: "Sales call",
  slug: "sales",
  hosts: [
    { userId: "u1", priority: 2 },
    { userId: "u2", priority: 0 },
  ],
};

describe("event type drafts", () => {
  it("start with the kind's own fields", () => {
    expect(newEventTypeDraft("GROUP", "t1")).toMatchObject({ seats: 10, teamId: null });
    expect(newEventTypeDraft("FLEXI", "t1")).toMatchObject({
      teamId: "t1",
      hostGroups: [{ mode: "ALL", userIds: [] }],
    });
  });

  it("make slugs from titles", () => {
    expect(slugify("  Café Meeting: 30 min! ")).toBe("cafe-meeting-30-min");
    expect(slugify("---")).toBe("");
  });

  it("duplicate under a free slug without server-owned fields", () => {
    const copy = duplicateDraft(stored, "Sales call (copy)", new Set(["sales-copy"]));
    expect(copy).toMatchObject({
      title: "Sales call (copy)",
      slug: "sales-copy-2",
      hosts: stored.hosts,
    });
    expect(copy).not.toHaveProperty("id");
    expect(copy).not.toHaveProperty("sharedLink");
  });

  it("send durations including the default and drop fields of other kinds", () => {
    const draft = { ...newEventTypeDraft("ONE_ON_ONE", null), duration: 45, durations: [30, 60] };
    const payload = eventTypePayload({
      ...draft,
      hosts: [{ userId: "u1", priority: 0 }],
      seats: 4,
      redirectUrl: "  ",
    });
    expect(payload).toMatchObject({
      durations: [30, 45, 60],
      hosts: [],
      seats: null,
      redirectUrl: null,
    });
  });

  it("convert prices between major and minor units", () => {
    expect(toMinorUnits("12,5")).toBe(1250);
    expect(toMinorUnits("")).toBeNull();
    expect(fromMinorUnits(1999)).toBe("19.99");
  });
});

import { describe, expect, it } from "vitest";
import {
  bookingLinkFields,
  bookingSourceOf,
  eventTypePath,
  publicIdOf,
  timetableReference,
} from "./bookingSource";

describe("booking sources", () => {
  it("reads a user's event type, with a pinned host", () => {
    const source = bookingSourceOf({ username: "ana", event: "intro", hostSlug: "bo" });
    expect(source).toEqual({
      kind: "user",
      userLink: "ana",
      eventTypeLink: "intro",
      hostSlug: "bo",
    });
    if (!source) throw new Error("no source");
    expect(eventTypePath(source)).toBe("/user/ana/intro?host_slug=bo");
    expect(timetableReference(source)).toEqual({
      path: "/timetable",
      params: { userLink: "ana", eventTypeLink: "intro", host_slug: "bo" },
    });
    expect(bookingLinkFields(source)).toEqual({
      userLink: "ana",
      eventTypeLink: "intro",
      hostSlug: "bo",
    });
  });

  it("reads shared and single-use links, ignoring the title", () => {
    const shared = bookingSourceOf({ sharedLink: "Tok3n", title: "Team call" });
    expect(shared).toEqual({ kind: "shared", sharedLink: "Tok3n" });
    if (!shared) throw new Error("no source");
    expect(eventTypePath(shared)).toBe("/shared/Tok3n");
    expect(timetableReference(shared).path).toBe("/timetable-by-shared-link");

    const single = bookingSourceOf({ singleUseLink: "one" });
    if (!single) throw new Error("no source");
    expect(eventTypePath(single)).toBe("/single-use-link/one");
    expect(timetableReference(single)).toEqual({
      path: "/timetable-by-link",
      params: { link: "one" },
    });
    expect(bookingLinkFields(single)).toEqual({ singleUseLink: "one" });
  });

  it("names a page for analytics, never by a single-use link's secret", () => {
    const user = bookingSourceOf({ username: "ana", event: "intro" });
    const single = bookingSourceOf({ singleUseLink: "s3cret-link" });
    if (!user || !single) throw new Error("no source");
    expect(publicIdOf(user)).toBe("ana/intro");
    const eventType = { slug: "intro", owner: { slug: "ana" } };
    expect(publicIdOf(single, eventType)).toBe("ana/intro");
    expect(publicIdOf(single)).toBe("single-use-link");
  });

  it("is null for parameters that name nothing", () => {
    expect(bookingSourceOf({ username: "ana" })).toBeNull();
  });
});

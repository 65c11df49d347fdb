import { describe, expect, it, vi } from "vitest";

// The pages are lazy; the table's order and patterns are what is tested here.
vi.mock("./lazyRoute", () => ({ lazyRoute: () => Object.assign(() => null, { preload() {} }) }));
const { matchRoute } = await import("./matchRoute");

const cases: [string, string, Record<string, string>][] = [
  ["/", "home", {}],
  ["/dashboard/event-types", "dashboard", { "*": "event-types" }],
  ["/event/payment_error", "eventPaymentError", {}],
  ["/event/abc", "event", { slug: "abc" }],
  ["/event/abc/answer", "bookingRequest", { slug: "abc" }],
  ["/reschedule/by-host/u1", "rescheduleByHost", { uuid: "u1" }],
  [
    "/reschedule/by-host/u1/ana",
    "rescheduleRoundRobinByHost",
    { uuid: "u1", hostIdentifier: "ana" },
  ],
  ["/reschedule/by-attendee/u1", "rescheduleByAttendee", { uuid: "u1" }],
  ["/reschedule/for-all/u1", "rescheduleForAll", { uuid: "u1" }],
  ["/rescheduling/group/u1", "legacyRescheduleGroup", { uuid: "u1" }],
  ["/rescheduling/host/u1", "legacyRescheduleHost", { uuid: "u1" }],
  [
    "/rescheduling/round-robin/u1/bo",
    "legacyRescheduleRoundRobin",
    { uuid: "u1", hostIdentifier: "bo" },
  ],
  ["/rescheduling/u1", "legacyReschedule", { uuid: "u1" }],
  ["/C/tok", "sharedLink", { sharedLink: "tok" }],
  ["/R/tok/Team-call", "sharedLink", { sharedLink: "tok", title: "Team-call" }],
  ["/F/tok/host/bo", "sharedLinkHost", { sharedLink: "tok", hostSlug: "bo" }],
  ["/C/tok/host/bo/Intro", "sharedLinkHost", { sharedLink: "tok", hostSlug: "bo", title: "Intro" }],
  ["/S/one", "singleUseLink", { singleUseLink: "one" }],
  ["/S/one/Intro", "singleUseLink", { singleUseLink: "one", title: "Intro" }],
  ["/cancel/u1", "cancel", { slug: "u1" }],
  ["/cancel/u1/tok", "cancel", { slug: "u1", usertoken: "tok" }],
  ["/RF/form", "routingForm", { formSlug: "form" }],
  ["/ana", "profile", { username: "ana" }],
  ["/ana/intro", "booking", { username: "ana", event: "intro" }],
  ["/ana/intro/payment_error", "bookingPaymentError", { username: "ana", event: "intro" }],
  ["/ana/intro/host/bo", "bookingHost", { username: "ana", event: "intro", hostSlug: "bo" }],
  ["/ana/intro/a1b2", "bookingConfirmation", { username: "ana", event: "intro", slug: "a1b2" }],
  ["/S/tok/booked/a1b2", "singleUseConfirmation", { singleUseLink: "tok", slug: "a1b2" }],
  ["/c/intro", "booking", { username: "c", event: "intro" }],
  ["/a/b/c/d/e", "notFound", { "*": "a/b/c/d/e" }],
];

describe("matchRoute", () => {
  it.each(cases)("%s is %s", (path, name, params) => {
    expect(matchRoute(path)).toMatchObject({ name, params });
  });
});

import { describe, expect, it } from "vitest";
import { newEventTypeDraft } from "./eventTypeDraft";
import {
  type EventTypeFormAction,
  eventTypeFormReducer,
  failureOf,
  initialFormState,
  shownBesideField,
} from "./eventTypeFormState";

const draft = { ...newEventTypeDraft("ONE_ON_ONE", null), title: "", slug: "" };
const run = (isNew: boolean, ...actions: EventTypeFormAction[]) =>
  actions.reduce(eventTypeFormReducer, initialFormState(draft, isNew));

describe("the event type form's slug", () => {
  it("follows a new event type's title until the host types one", () => {
    expect(run(true, { type: "title", title: "Café Chat" }).draft).toMatchObject({
      title: "Café Chat",
      slug: "cafe-chat",
    });
    const typed = run(
      true,
      { type: "title", title: "Intro" },
      { type: "slug", slug: "My-Intro" },
      { type: "title", title: "Longer intro" },
    );
    expect(typed.draft).toMatchObject({ title: "Longer intro", slug: "my-intro" });
    expect(typed.slugTouched).toBe(true);
  });

  it("is never rewritten by the title of a saved event type", () => {
    const saved = { ...draft, title: "Intro", slug: "intro" };
    const state = eventTypeFormReducer(initialFormState(saved, false), {
      type: "title",
      title: "Renamed",
    });
    expect(state.draft).toMatchObject({ title: "Renamed", slug: "intro" });
  });
});

describe("the event type form's errors", () => {
  const errors = {
    title: ["Required."],
    "locations.0.options.address": ["Too long."],
    "locations.1.options.url": ["Not a link."],
    slug: ["Taken."],
  };

  it("go for a field as soon as it changes, its nested paths too", () => {
    const failed = run(false, { type: "failed", errors, failure: "Check the fields." });
    const edited = eventTypeFormReducer(failed, { type: "update", patch: { locations: [] } });
    expect(edited.errors).toEqual({ title: ["Required."], slug: ["Taken."] });
    // The title writes no slug of a saved type: the slug's error stays.
    expect(eventTypeFormReducer(edited, { type: "title", title: "x" }).errors).toEqual({
      slug: ["Taken."],
    });
  });

  it("count each failed save, so focus moves to the first field in error each time", () => {
    const once = run(false, { type: "submit" }, { type: "failed", errors, failure: "A" });
    expect(once).toMatchObject({ pending: false, failure: "A", failedSaves: 1 });
    const twice = run(
      false,
      { type: "failed", errors, failure: "A" },
      { type: "submit" },
      { type: "failed", errors, failure: "B" },
    );
    expect(twice.failedSaves).toBe(2);
  });

  it("clear on a save, and the failure with the next submit", () => {
    const failed = run(false, { type: "failed", errors, failure: "A" });
    const submitting = eventTypeFormReducer(failed, { type: "submit" });
    expect(submitting).toMatchObject({ pending: true, failure: undefined, errors });
    expect(eventTypeFormReducer(submitting, { type: "saved" })).toMatchObject({
      pending: false,
      errors: {},
    });
  });
});

describe("the alert of a failed save", () => {
  it("asks to check the fields and adds what no field shows", () => {
    expect(shownBesideField("reminders.2.to")).toBe(true);
    expect(shownBesideField("questions.1.options.3")).toBe(true);
    expect(shownBesideField("teamId")).toBe(false);
    expect(
      failureOf(
        { title: ["Required."], teamId: ["Not your team."], "price.amount": ["Too small."] },
        "Check the fields.",
        "unused",
      ),
    ).toBe("Check the fields. Not your team.");
  });

  it("says the error in words when no field is named", () => {
    expect(failureOf({}, "Check the fields.", "The server is unreachable.")).toBe(
      "The server is unreachable.",
    );
  });
});

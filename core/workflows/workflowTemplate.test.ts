import { describe, expect, it } from "vitest";
import { fillWorkflowTemplate } from "./workflowTemplate";

describe("fillWorkflowTemplate", () => {
  it("fills known variables, empties missing ones and leaves other braces alone", () => {
    expect(
      fillWorkflowTemplate("Hi {invitee_name}, {event_title} at {start_time}{location} {x}", {
        invitee_name: "Ana <b>",
        event_title: "Demo",
        start_time: "Monday",
      }),
    ).toBe("Hi Ana <b>, Demo at Monday {x}");
  });

  it("does not fill a value's own braces again", () => {
    expect(
      fillWorkflowTemplate("{invitee_name}", { invitee_name: "{host_name}", host_name: "H" }),
    ).toBe("{host_name}");
  });
});

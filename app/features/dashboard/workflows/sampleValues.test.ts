import { describe, expect, it } from "vitest";
import { fillWorkflowTemplate } from "../../../../core/workflows/workflowTemplate";
import { sampleValues } from "./sampleValues";

const meeting = {
  texts: { inviteeName: "Alex Morgan", location: "Video call", formAnswers: "Topic: Pricing" },
  hostName: "Wanda",
  eventTitle: "Intro call",
  durationMinutes: 30,
  timeZone: "Europe/Berlin",
  timeFormat: 24 as const,
  origin: "https://slotted.example",
};

describe("sampleValues", () => {
  it("writes the start as a recipient of the language reads it, in the host's zone", () => {
    const en = sampleValues({ ...meeting, language: "en" });
    expect(en.start_time).toContain("March 15, 2027");
    expect(en.start_time).toContain("15:00");
    expect(en.start_time).toContain("(Europe/Berlin)");
    const ar = sampleValues({ ...meeting, language: "ar" });
    expect(ar.start_time).toContain("مارس");
    expect(fillWorkflowTemplate("{invitee_name}: {manage_link}", en)).toBe(
      "Alex Morgan: https://slotted.example/reschedule/by-attendee/3f2a9c1e-0000-4000-8000-000000000000",
    );
  });
});

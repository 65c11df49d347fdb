import { describe, expect, it } from "vitest";
import { testField } from "../../../../core/routingForms/testing/formFixtures";
import { previewFields } from "./LivePreview";

describe("previewFields", () => {
  it("shows the draft's questions as the public page gets them", () => {
    const draft = [
      testField("f1", "SHORT_TEXT", { label: "  ", identifier: "name", required: true }),
      testField("f2", "MULTI_SELECT", {
        label: "Tools",
        options: ["API", " ", "CSV ", "CSV"],
        maxSelected: 2,
        allowNewOptions: true,
      }),
      testField("f3", "RADIO", { label: "Plan", options: ["Free"], allowNewOptions: true }),
    ];
    expect(previewFields(draft)).toEqual([
      {
        id: "f1",
        type: "SHORT_TEXT",
        label: "name",
        required: true,
        helpText: "",
        options: [],
        maxSelected: null,
        allowNewOptions: false,
      },
      {
        id: "f2",
        type: "MULTI_SELECT",
        label: "Tools",
        required: false,
        helpText: "",
        options: ["API", "CSV"],
        maxSelected: 2,
        allowNewOptions: true,
      },
      {
        id: "f3",
        type: "RADIO",
        label: "Plan",
        required: false,
        helpText: "",
        options: ["Free"],
        maxSelected: null,
        allowNewOptions: false,
      },
    ]);
  });
});

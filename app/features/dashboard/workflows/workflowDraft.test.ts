import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { type Catalog, leaves } from "../../../../core/i18n/catalogRules";
import { WORKFLOW_ACTIONS, WORKFLOW_TRIGGERS } from "../../../../core/workflows/workflowKinds";
import {
  fillWorkflowTemplate,
  WORKFLOW_VARIABLES,
} from "../../../../core/workflows/workflowTemplate";
import { createBody, defaultTexts, newStep, newWorkflowDraft, updateBody } from "./workflowDraft";

const catalogs = import.meta.glob<Catalog>("../../../locales/*.json", {
  eager: true,
  import: "default",
});

/** A `t` over one catalog, filling {{name}} as i18next does. */
function translator(catalog: Catalog): TFunction {
  const texts = new Map(leaves(catalog));
  return ((key: string, values: Record<string, string> = {}) =>
    String(texts.get(key) ?? key).replace(
      /\{\{(\w+)\}\}/g,
      (_, name) => values[name] ?? "",
    )) as unknown as TFunction;
}

const known = new Set<string>(WORKFLOW_VARIABLES);

describe("default templates", () => {
  for (const [path, catalog] of Object.entries(catalogs)) {
    const language = path.replace(/^.*\/(.+)\.json$/, "$1");
    it(`${language}: every trigger and action starts with a text that uses only known variables`, () => {
      const t = translator(catalog);
      for (const trigger of WORKFLOW_TRIGGERS) {
        for (const action of WORKFLOW_ACTIONS) {
          const { subject, body } = defaultTexts(trigger, action, t);
          if (action === "webhook") {
            expect({ subject, body }).toEqual({ subject: null, body: null });
            continue;
          }
          expect(body?.trim(), `${trigger} ${action}`).toBeTruthy();
          expect(subject === null, `${trigger} ${action}`).toBe(action.startsWith("sms_"));
          for (const text of [subject ?? "", body ?? ""]) {
            expect(text).not.toMatch(/\{\{|dashboard\.workflows/);
            const names = [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);
            expect(
              names.filter((name) => !known.has(name)),
              `${trigger} ${action}`,
            ).toEqual([]);
            // Filled, no variable is left over.
            const filled = fillWorkflowTemplate(
              text,
              Object.fromEntries(WORKFLOW_VARIABLES.map((name) => [name, "x"])),
            );
            expect(filled).not.toMatch(/\{[a-z_]+\}/);
          }
        }
      }
    });
  }
});

describe("the editor's request bodies", () => {
  const t = translator(catalogs["../../../locales/en.json"]!);

  it("send a target only where the action takes one, a subject only for mails, no offset untimed", () => {
    const draft = newWorkflowDraft("5b0d8e0e-4b4a-4f5c-9d5e-0c1f2a3b4c5d", t);
    const sms = { ...newStep("created", "sms_invitee", t), target: "left over" };
    const hook = { ...newStep("created", "webhook", t), target: " https://example.com/h " };
    const body = createBody({ ...draft, trigger: "created", steps: [sms, hook] });
    expect(body).toMatchObject({ trigger: "created", offsetMinutes: 0 });
    expect(body.steps).toEqual([
      {
        action: "sms_invitee",
        target: null,
        subject: null,
        body: "{event_title} with {host_name} is booked for {start_time}.",
        note: "",
      },
      { action: "webhook", target: "https://example.com/h", subject: null, body: null, note: "" },
    ]);
    expect(createBody(draft)).toMatchObject({ trigger: "before_start", offsetMinutes: 1440 });
    expect(updateBody(draft)).not.toHaveProperty("eventTypeId");
  });
});

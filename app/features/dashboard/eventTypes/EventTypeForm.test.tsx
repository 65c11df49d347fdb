import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/apiClient";
import { renderWithApp } from "../../../test/renderWithApp";
import { stubApiNotFound } from "../../../test/stubApiNotFound";
import type { EventTypeFields } from "../api/types";
import { EventTypeForm } from "./EventTypeForm";
import { newEventTypeDraft, newQuestion } from "./eventTypeDraft";

const question = (id: string, label: string) => ({ ...newQuestion("SHORT_TEXT"), id, label });
const initial: EventTypeFields = {
  ...newEventTypeDraft("ONE_ON_ONE", null),
  title: "Intro call",
  slug: "intro",
  questions: [question("q1", "Company"), question("q2", "Role"), question("q3", "Team size")],
};

const renderForm = (onSubmit: (fields: EventTypeFields) => Promise<unknown>) =>
  renderWithApp(
    <EventTypeForm
      initial={initial}
      url="https://slotted.example/ana/intro"
      username="ana"
      team={null}
      schedules={[]}
      isNew={false}
      submitLabel="Save changes"
      onSubmit={onSubmit}
    />,
  );

stubApiNotFound();
describe("the event type form", () => {
  it("says a refused save at the top and focuses the first field the API marked", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, "Invalid", {
        "questions.1.label": ["Enter the question."],
        title: ["Enter a title."],
      });
    });
    await renderForm(onSubmit);
    const title = screen.getByLabelText("Title", { exact: false }) as HTMLInputElement;
    fireEvent.change(title, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: "" }));
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain("Please correct the marked fields.");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    const describedBy = title.getAttribute("aria-describedby") ?? "";
    expect(describedBy.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      "Enter a title.",
    );
    const role = screen.getAllByLabelText("Question")[1];
    expect(role?.getAttribute("aria-invalid")).toBe("true");
  });

  it("moves a question with its buttons, focus staying with the question moved", async () => {
    await renderForm(async () => undefined);
    const labels = () =>
      screen.getAllByLabelText("Question").map((input) => (input as HTMLInputElement).value);
    const moveUp = screen.getByRole("button", { name: "Move question 2 up" });
    moveUp.focus();
    fireEvent.click(moveUp);
    expect(labels()).toEqual(["Role", "Company", "Team size"]);
    // First now, its Move up is disabled: the question's heading takes focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Question 1"));

    const moveDown = screen.getByRole("button", { name: "Move question 1 down" });
    moveDown.focus();
    fireEvent.click(moveDown);
    expect(labels()).toEqual(["Company", "Role", "Team size"]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Move question 2 down" }),
      ),
    );
    const item = document.activeElement?.closest("li");
    expect(item?.querySelector("input")?.value).toBe("Role");
  });
});

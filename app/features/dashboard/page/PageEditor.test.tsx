import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/apiClient";
import { currentLocation, navigate } from "../../../router";
import { renderWithApp } from "../../../test/renderWithApp";
import { dashboardApi } from "../api/dashboardApi";
import { PageEditor } from "./PageEditor";
import { pageFixture } from "./pageFixture";

const data = pageFixture(["First", "Second", "Third"]);

const blockTexts = () =>
  within(screen.getByRole("list", { name: "Blocks" }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("bdi")?.textContent);
const handle = (position: number) =>
  screen.getByRole("button", { name: `Move Headline (block ${position})` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the page builder", () => {
  it("moves a block with the keyboard: Space picks it up, arrows move it, Space drops it", async () => {
    await renderWithApp(<PageEditor data={data} />);
    const first = handle(1);
    first.focus();
    fireEvent.keyDown(first, { key: " " });
    expect(first.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("Picked up Headline (block 1) at position 1.")).toBeTruthy();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    expect(blockTexts()).toEqual(["Second", "Third", "First"]);
    // The moved block's handle keeps focus, though React moved its node.
    await waitFor(() => expect(document.activeElement).toBe(handle(3)));
    fireEvent.keyDown(handle(3), { key: "Enter" });
    expect(handle(3).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("Headline (block 3) dropped at position 3 of 3.")).toBeTruthy();
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
  });

  it("Escape puts a lifted block back where it was", async () => {
    await renderWithApp(<PageEditor data={data} />);
    fireEvent.keyDown(handle(3), { key: " " });
    fireEvent.keyDown(handle(3), { key: "ArrowUp" });
    expect(blockTexts()).toEqual(["First", "Third", "Second"]);
    fireEvent.keyDown(handle(2), { key: "Escape" });
    expect(blockTexts()).toEqual(["First", "Second", "Third"]);
    expect(screen.getByText("Moving Headline (block 2) cancelled.")).toBeTruthy();
  });

  it("names the blocks a refused save found wrong, and moves focus to that message", async () => {
    const save = vi
      .spyOn(dashboardApi, "savePage")
      .mockRejectedValue(
        new ApiError(422, "Enter a headline.", { "blocks.1.text": ["Enter a headline."] }),
      );
    await renderWithApp(<PageEditor data={data} />);
    const saveButton = screen.getByRole("button", { name: "Save page" });
    saveButton.focus();
    fireEvent.click(saveButton);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Some blocks need a change: Headline (block 2).");
    expect(save).toHaveBeenCalledOnce();
    // Focus goes to the status region holding the message (it is announced as it appears).
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute("aria-live")).toBe("polite");
    expect(focused.contains(alert)).toBe(true);
    const invalid = screen
      .getAllByRole("listitem")
      .filter((item) => item.className.includes("border-red-600"));
    expect(invalid.map((item) => item.getAttribute("data-block-id"))).toEqual(["b"]);
  });

  it("deleting a block focuses Undo, which puts it back", async () => {
    await renderWithApp(<PageEditor data={data} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete Headline (block 2)" }));
    expect(blockTexts()).toEqual(["First", "Third"]);
    const undo = screen.getByRole("button", { name: "Undo" });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    expect(blockTexts()).toEqual(["First", "Second", "Third"]);
  });

  it("asks before leaving with unsaved changes, and stops asking once they are saved", async () => {
    // happy-dom has no window.confirm: the person answers "stay".
    const confirm = vi.fn(() => false);
    Object.defineProperty(window, "confirm", { value: confirm, configurable: true });
    vi.spyOn(dashboardApi, "savePage").mockResolvedValue({ blocks: data.page.blocks ?? [] });
    await renderWithApp(<PageEditor data={data} />);
    const start = currentLocation().pathname;
    // Nothing changed yet: the app leaves without asking.
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Hide Headline (block 1)" }));
    act(() => navigate("/dashboard/elsewhere"));
    expect(confirm).toHaveBeenCalledWith(
      "Your page has unsaved changes. Leave without saving them?",
    );
    expect(currentLocation().pathname).toBe(start);
    expect(unload()).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Save page" }));
    await screen.findByText("Your page is saved and live.");
    confirm.mockClear();
    expect(unload()).toBe(false);
    act(() => navigate("/dashboard/elsewhere"));
    expect(confirm).not.toHaveBeenCalled();
    expect(currentLocation().pathname).toBe("/dashboard/elsewhere");
  });
});

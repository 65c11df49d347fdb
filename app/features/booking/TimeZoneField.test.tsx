import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/appState";
import { renderWithApp } from "../../test/renderWithApp";
import { TimeZoneField } from "./TimeZoneField";

beforeEach(() => {
  // A January day: Berlin is on GMT+01:00.
  appStore.set({ serverDate: Date.parse("2026-01-12T08:00:00Z") });
});

// The list loads with its code and labels every zone of the runtime: slow on a loaded machine.
const findSearch = () =>
  screen.findByRole("combobox", { name: "Search time zones" }, { timeout: 15_000 });

describe("TimeZoneField, the one time-zone picker", () => {
  it("shows the zone by its current name and offset under its label", async () => {
    await renderWithApp(
      <TimeZoneField label="Schedule zone" value="Asia/Calcutta" onChange={() => {}} />,
    );
    const button = screen.getByRole("button", { name: /^Schedule zone Asia\/Kolkata/ });
    expect(button.textContent).toContain("GMT+05:30");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("searches by country and chooses with the keyboard, focus back on the button", async () => {
    const onChange = vi.fn();
    await renderWithApp(<TimeZoneField value="Europe/Berlin" onChange={onChange} />);
    const button = screen.getByRole("button", { name: /^Time zone Europe\/Berlin/ });
    button.focus();
    fireEvent.click(button);
    const search = await findSearch();
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.change(search, { target: { value: "Japan" } });
    const first = screen.getAllByRole("option")[0];
    expect(first?.textContent).toMatch(/^Asia\/Tokyo/);
    expect(search.getAttribute("aria-activedescendant")).toBe(first?.id);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("Asia/Tokyo");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("moves through the list with the arrows, and Escape closes it unchanged", async () => {
    const onChange = vi.fn();
    await renderWithApp(<TimeZoneField value="Europe/Berlin" onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: /^Time zone/ }));
    const search = await findSearch();
    const active = () => document.getElementById(search.getAttribute("aria-activedescendant")!);
    // Opens on the current zone.
    expect(active()?.textContent).toMatch(/^Europe\/Berlin/);
    fireEvent.keyDown(search, { key: "ArrowDown" });
    expect(active()?.textContent).not.toMatch(/^Europe\/Berlin/);
    fireEvent.keyDown(search, { key: "Escape" });
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says when nothing matches", async () => {
    await renderWithApp(<TimeZoneField value="Europe/Berlin" onChange={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: /^Time zone/ }));
    const search = await findSearch();
    fireEvent.change(search, { target: { value: "Atlantis" } });
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe("No time zone matches.");
  });

  it("ties its hint and errors to the button", async () => {
    await renderWithApp(
      <TimeZoneField
        value="Europe/Berlin"
        onChange={() => {}}
        hint="Where the hours are."
        errors={["Choose a time zone."]}
      />,
    );
    const button = screen.getByRole("button", { name: /^Time zone/ });
    expect(button.getAttribute("aria-invalid")).toBe("true");
    const described = (button.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Where the hours are.", "Choose a time zone."]);
  });

  it("shows a zone the host locked without a way to change it", async () => {
    await renderWithApp(<TimeZoneField value="Europe/Berlin" onChange={() => {}} locked />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/Europe\/Berlin \(GMT\+01:00\)/)).toBeTruthy();
    expect(screen.getByText("(set by the host)")).toBeTruthy();
  });
});

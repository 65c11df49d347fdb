import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import {
  testFallback,
  testField,
  testRoute,
} from "../../../../core/routingForms/testing/formFixtures";
import { renderWithApp } from "../../../test/renderWithApp";
import { RoutesEditor } from "./RoutesEditor";
import type { FormRoute } from "./routingFormQueries";

const country = testField("country", "SHORT_TEXT", { label: "Country" });
const byCountry = (id: string, value: string) =>
  testRoute(id, [{ fieldId: "country", operator: "equals", value }], {
    type: "MESSAGE",
    message: `Hello ${value}`,
  });

/** The editor as the builder holds it: its routes in state, changed by what it reports. */
function Editor({ errors = {} }: { errors?: Record<string, string[]> }) {
  const [routes, setRoutes] = useState<FormRoute[]>([
    byCountry("de", "DE"),
    byCountry("fr", "FR"),
    byCountry("es", "ES"),
    testFallback(),
  ]);
  return (
    <RoutesEditor
      fields={[country]}
      routes={routes}
      eventTypes={[]}
      counts={{}}
      onChange={setRoutes}
      errors={errors}
    />
  );
}

const messages = () =>
  screen.getAllByLabelText("Message").map((box) => (box as HTMLTextAreaElement).value);
const route = (title: string) =>
  screen.getByRole("heading", { name: title }).closest("li") as HTMLElement;

describe("the routes editor", () => {
  it("reorders routes with their buttons, the fallback last, focus with the route moved", async () => {
    await renderWithApp(<Editor />);
    const down = within(route("Route 1")).getByRole("button", { name: "Move down" });
    down.focus();
    fireEvent.click(down);
    expect(messages()).toEqual(["Hello FR", "Hello DE", "Hello ES", "fallback"]);
    // Focus stays on Move down, now of Route 2: the route that moved.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(route("Route 2")).getByRole("button", { name: "Move down" }),
      ),
    );

    fireEvent.click(document.activeElement as HTMLElement);
    expect(messages()).toEqual(["Hello FR", "Hello ES", "Hello DE", "fallback"]);
    // Last of the rules now, its Move down is disabled: the route's heading takes focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Route 3"));
    expect(within(route("Route 3")).getByRole("button", { name: "Move down" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(within(route("Fallback route")).queryByRole("button", { name: "Move up" })).toBeNull();
  });

  it("adds a route before the fallback", async () => {
    await renderWithApp(<Editor />);
    fireEvent.click(screen.getByRole("button", { name: "Add route" }));
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Route 1",
      "Route 2",
      "Route 3",
      "Route 4",
      "Fallback route",
    ]);
  });

  it("shows the server's messages at the condition and the route they belong to", async () => {
    await renderWithApp(
      <Editor
        errors={{
          "routes.1.conditions.0.value": ["Enter a value."],
          "routes.0.action.message": ["Enter a message."],
          routes: ["A form needs a fallback route."],
        }}
      />,
    );
    expect(screen.getByText("A form needs a fallback route.")).toBeTruthy();
    expect(within(route("Route 2")).getByText("Enter a value.")).toBeTruthy();
    expect(within(route("Route 1")).queryByText("Enter a value.")).toBeNull();
    const message = within(route("Route 1")).getByLabelText("Message");
    expect(message.getAttribute("aria-invalid")).toBe("true");
  });
});

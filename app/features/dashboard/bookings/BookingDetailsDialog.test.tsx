import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../../state/appState";
import { renderWithApp } from "../../../test/renderWithApp";
import { stubApiNotFound } from "../../../test/stubApiNotFound";
import { dashboardApi } from "../api/dashboardApi";
import type { Booking } from "../api/types";
import { BookingDetailsDialog } from "./BookingDetailsDialog";
import { attendeeFixture, bookingFixture } from "./bookingFixture";

const start = Date.parse("2026-03-02T09:00:00.000Z");
const ida = attendeeFixture();
const markedAt = "2026-03-02T09:40:00.000Z";

stubApiNotFound();
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the booking details", () => {
  it("offers no no-show mark before the meeting has started", async () => {
    appStore.set({ serverDate: start - 60_000 });
    await renderWithApp(<BookingDetailsDialog booking={bookingFixture()} onClose={() => {}} />);
    await screen.findByText("Ida Invitee");
    expect(screen.queryByRole("button", { name: /no-show/ })).toBeNull();
  });

  it("marks a past meeting's invitee as a no-show and back, announcing each change, focus kept", async () => {
    appStore.set({ serverDate: start + 60 * 60_000 });
    const mark = vi.spyOn(dashboardApi, "markNoShow").mockImplementation(async (_, __, noShow) => ({
      ...ida,
      noShowAt: noShow ? markedAt : null,
    }));
    const booking = bookingFixture();
    const view = await renderWithApp(<BookingDetailsDialog booking={booking} onClose={() => {}} />);
    // The list refreshed after the call shows the booking as the server now holds it.
    const refreshed = (noShowAt: string | null): Booking => ({
      ...booking,
      attendees: [{ ...ida, noShowAt }],
    });
    const rerender = (next: Booking) =>
      view.rerender(
        <I18nextProvider i18n={view.i18n}>
          <QueryClientProvider client={view.queryClient}>
            <BookingDetailsDialog booking={next} onClose={() => {}} />
          </QueryClientProvider>
        </I18nextProvider>,
      );

    const button = screen.getByRole("button", { name: "Mark as no-show \u2068Ida Invitee\u2069" });
    button.focus();
    fireEvent.click(button);
    const status = screen.getByRole("status");
    await waitFor(() =>
      expect(status.textContent).toBe("\u2068Ida Invitee\u2069 is marked as a no-show."),
    );
    expect(mark).toHaveBeenCalledWith(booking.uuid, ida.uuid, true);
    rerender(refreshed(markedAt));
    expect(screen.getByText("No-show")).toBeTruthy();
    // The same button now takes the mark back, and still has focus.
    expect(button.textContent).toContain("Undo no-show");
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    await waitFor(() =>
      expect(status.textContent).toBe("\u2068Ida Invitee\u2069 is no longer marked as a no-show."),
    );
    expect(mark).toHaveBeenLastCalledWith(booking.uuid, ida.uuid, false);
    rerender(refreshed(null));
    expect(button.textContent).toContain("Mark as no-show");
    expect(document.activeElement).toBe(button);
  });

  it("shows why the server refused a mark", async () => {
    appStore.set({ serverDate: start + 60_000 });
    const { ApiError } = await import("../../../api/apiClient");
    vi.spyOn(dashboardApi, "markNoShow").mockRejectedValue(
      new ApiError(422, "The meeting has not started yet."),
    );
    await renderWithApp(<BookingDetailsDialog booking={bookingFixture()} onClose={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: /^Mark as no-show/ }));
    const message = await screen.findByText("The meeting has not started yet.");
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });
});

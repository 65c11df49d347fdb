import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isolateText } from "../../../components/UserText";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import type { Attendee, Booking } from "../api/types";

/** What the details show below the booking: its actions, or one action's form. */
export type BookingDetailsMode = "details" | "cancel" | "move" | "decline";

/**
 * The host's actions on one booking and the forms they open: each sends its call, refreshes the
 * bookings list and says what happened (a toast, and the dialog closes when the booking left
 * it); a no-show mark keeps the dialog open and its confirmation in `announcement`.
 */
export function useBookingDetails(booking: Booking, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<BookingDetailsMode>("details");
  const [reason, setReason] = useState("");
  const [following, setFollowing] = useState(false);
  const [newHost, setNewHost] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.bookings() });
  const thenClose = (message: string) => async () => {
    notify(message);
    await refresh();
    onClose();
  };

  const cancel = useMutation({
    mutationFn: () => dashboardApi.cancelBooking(booking.uuid, reason, following),
    onSuccess: thenClose(t("dashboard.bookings.cancelled")),
  });
  const refund = useMutation({
    mutationFn: () => dashboardApi.refundBooking(booking.uuid),
    onSuccess: async () => {
      notify(t("dashboard.bookings.refundQueued"));
      await refresh();
    },
  });
  const approve = useMutation({
    mutationFn: () => dashboardApi.approveBooking(booking.uuid),
    onSuccess: thenClose(t("dashboard.bookings.approved")),
  });
  const decline = useMutation({
    mutationFn: () => dashboardApi.declineBooking(booking.uuid, reason),
    onSuccess: thenClose(t("dashboard.bookings.declined")),
  });
  const move = useMutation({
    mutationFn: () => dashboardApi.moveRoundRobin(booking.uuid, newHost),
    onSuccess: thenClose(t("dashboard.bookings.moved")),
  });
  const noShow = useMutation({
    mutationFn: ({ attendee, mark }: { attendee: Attendee; mark: boolean }) =>
      dashboardApi.markNoShow(booking.uuid, attendee.uuid, mark),
    onMutate: () => setAnnouncement(""),
    onSuccess: async (_, { attendee, mark }) => {
      await refresh();
      setAnnouncement(
        t(mark ? "dashboard.bookings.noShowMarked" : "dashboard.bookings.noShowUndone", {
          name: isolateText(attendee.name),
        }),
      );
    },
  });

  return {
    mode,
    setMode,
    reason,
    setReason,
    following,
    setFollowing,
    newHost,
    setNewHost,
    announcement,
    cancel,
    refund,
    approve,
    decline,
    move,
    noShow,
  };
}

import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { isolateText } from "../../../components/UserText";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import type { EventType } from "../api/types";

interface DeleteEventTypeDialogProps {
  eventType: Pick<EventType, "id" | "title">;
  open: boolean;
  onClose: () => void;
  /** After the deletion and its notice: refresh the list, or leave the deleted type's page. */
  onDeleted: () => Promise<unknown>;
}

/** Asks before deleting an event type, deletes it, and shows why when the server refuses. */
export function DeleteEventTypeDialog({
  eventType,
  open,
  onClose,
  onDeleted,
}: DeleteEventTypeDialogProps) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: () => dashboardApi.deleteEventType(eventType.id),
    onSuccess: async () => {
      notify(t("dashboard.eventTypes.deleted"));
      await onDeleted();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      danger
      title={t("dashboard.eventTypes.deleteTitle", { title: isolateText(eventType.title) })}
      message={t("dashboard.eventTypes.deleteMessage")}
      confirmLabel={t("dashboard.common.delete")}
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error, t) : undefined}
      onConfirm={() => remove.mutate()}
      onClose={() => {
        onClose();
        remove.reset();
      }}
    />
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookDelivery } from "../../../../core/api/webhooks";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { LogTableHead } from "../../../components/LogTableHead";
import { LogTableRow } from "../../../components/LogTableRow";
import { QueryStatus } from "../../../components/QueryStatus";
import { notify } from "../../../state/appState";
import { useFormatters } from "../useFormatters";
import { eventLabelKey, webhookApi, webhookDeliveriesQuery, webhookKeys } from "./webhookQueries";

const statusStyle: Record<WebhookDelivery["status"], string> = {
  delivered: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

/**
 * A subscription's latest deliveries: when, which event, the answer, and a resend for each.
 * The server sends a resend at once even while the subscription is `paused` (the owner asked
 * for it; what the pause holds back still waits), so a paused log says so beside each Resend.
 */
export function DeliveryLog({
  webhookId,
  url,
  paused,
}: {
  webhookId: string;
  url: string;
  paused: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const query = useQuery(webhookDeliveriesQuery(webhookId));
  const queryClient = useQueryClient();
  const pausedNoteId = useId();
  const resend = useMutation({
    mutationFn: ({ deliveryId }: { deliveryId: string; paused: boolean }) =>
      webhookApi.resend(webhookId, deliveryId),
    // Said as the host decided: the subscription may be resumed before the answer arrives.
    onSuccess: async (_delivery, { paused: wasPaused }) => {
      notify(t(wasPaused ? "dashboard.webhooks.resentWhilePaused" : "dashboard.webhooks.resent"));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) });
    },
  });
  const deliveries = query.data ?? [];
  return (
    <div className="flex flex-col gap-2">
      <QueryStatus queries={[query]} />
      {paused && deliveries.length > 0 ? (
        <p
          id={pausedNoteId}
          className="border-s-4 border-amber-400 bg-amber-50 py-2 ps-3 pe-2 text-sm text-amber-900"
        >
          {t("dashboard.webhooks.resendWhilePaused")}
        </p>
      ) : null}
      {resend.error ? <Alert message={errorMessage(resend.error, t)} /> : null}
      {query.data && deliveries.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.webhooks.noDeliveries")}</p>
      ) : null}
      {deliveries.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">
              {t("dashboard.webhooks.logCaption")} <bdi dir="ltr">{url}</bdi>
            </caption>
            <LogTableHead
              columns={[
                t("dashboard.webhooks.columns.time"),
                t("dashboard.webhooks.columns.event"),
                t("dashboard.webhooks.columns.status"),
                t("dashboard.webhooks.columns.answer"),
                <span key="actions" className="sr-only">
                  {t("dashboard.webhooks.columns.actions")}
                </span>,
              ]}
            />
            <tbody>
              {deliveries.map((delivery) => (
                <LogTableRow
                  key={delivery.id}
                  time={format.dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                  subject={<td className="p-2">{t(eventLabelKey(delivery.event))}</td>}
                  status={{
                    label: t(`dashboard.webhooks.status.${delivery.status}`),
                    className: statusStyle[delivery.status],
                    detail: (
                      <>
                        {t("dashboard.webhooks.attempts", { number: delivery.attempts })}
                        {delivery.nextAttemptAt ? (
                          <>
                            {" · "}
                            {t("dashboard.webhooks.nextAttempt", {
                              time: format.dateTime(delivery.nextAttemptAt),
                            })}
                          </>
                        ) : null}
                      </>
                    ),
                  }}
                >
                  <td className="p-2">
                    {delivery.responseStatus !== null ? (
                      <span className="font-semibold">
                        {t("dashboard.webhooks.httpStatus", { status: delivery.responseStatus })}
                      </span>
                    ) : delivery.attempts > 0 ? (
                      <span className="font-semibold">{t("dashboard.webhooks.noAnswer")}</span>
                    ) : null}
                    {delivery.durationMs !== null ? (
                      <span className="text-gray-700">
                        {" · "}
                        {t("dashboard.webhooks.duration", { ms: delivery.durationMs })}
                      </span>
                    ) : null}
                    {delivery.responseExcerpt || delivery.error ? (
                      <code
                        dir="ltr"
                        className="mt-1 block max-w-xs truncate rounded bg-gray-100 px-1 text-xs text-gray-800"
                      >
                        {delivery.responseExcerpt || delivery.error}
                      </code>
                    ) : null}
                  </td>
                  <td className="p-2">
                    <Button
                      variant="secondary"
                      size="compact"
                      disabled={resend.isPending}
                      aria-describedby={paused ? pausedNoteId : undefined}
                      onClick={() => resend.mutate({ deliveryId: delivery.id, paused })}
                    >
                      {t("dashboard.webhooks.resend")}
                      <span className="sr-only">
                        {" "}
                        {t(eventLabelKey(delivery.event))},{" "}
                        {format.dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                      </span>
                    </Button>
                  </td>
                </LogTableRow>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { CopyButton } from "../../../components/CopyButton";
import { Dialog } from "../../../components/Dialog";
import { LoadingIndicator } from "../../../components/LoadingIndicator";
import { isolateText } from "../../../components/UserText";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys, singleUseLinksQuery } from "../api/dashboardQueries";
import { useFormatters } from "../useFormatters";

interface SingleUseLinksDialogProps {
  eventTypeId: string;
  title: string;
  onClose: () => void;
}

/** Links that book the event type once: create and copy them, see which were used, revoke. */
export function SingleUseLinksDialog({ eventTypeId, title, onClose }: SingleUseLinksDialogProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const links = useQuery(singleUseLinksQuery(eventTypeId));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: dashboardKeys.singleUseLinks(eventTypeId) });
  const create = useMutation({
    mutationFn: () => dashboardApi.createSingleUseLink(eventTypeId),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => dashboardApi.revokeSingleUseLink(eventTypeId, linkId),
    onSuccess: refresh,
  });
  const error = create.error ?? revoke.error ?? links.error;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("dashboard.singleUse.title")}
      description={t("dashboard.singleUse.description", { title: isolateText(title) })}
    >
      <div>
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {t("dashboard.singleUse.create")}
        </Button>
      </div>
      <Alert message={error ? errorMessage(error, t) : undefined} />
      {links.isPending ? (
        <LoadingIndicator label={t("common.loading")} />
      ) : links.data && links.data.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t("dashboard.singleUse.listLabel")}>
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3">
              <p className="text-sm break-all text-gray-900">
                <bdi>{link.url}</bdi>
              </p>
              <p
                className={`text-sm font-semibold ${link.usedAt ? "text-gray-600" : "text-green-800"}`}
              >
                {link.usedAt
                  ? t("dashboard.singleUse.used", { date: format.dateTime(link.usedAt) })
                  : t("dashboard.singleUse.unused", { date: format.dateTime(link.createdAt) })}
              </p>
              {link.usedAt ? null : (
                <div className="flex flex-wrap gap-2">
                  <CopyButton text={link.url} subject={link.url} />
                  <Button
                    variant="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    {t("dashboard.singleUse.revoke")}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">{t("dashboard.singleUse.none")}</p>
      )}
    </Dialog>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookResponse, WebhookUpdate } from "../../../core/api/webhooks";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SecretNotice } from "../../components/SecretNotice";
import { DeliveryLog } from "../../features/dashboard/webhooks/DeliveryLog";
import { WebhookDialog } from "../../features/dashboard/webhooks/WebhookDialog";
import {
  eventLabelKey,
  webhookApi,
  webhookKeys,
  webhooksQuery,
} from "../../features/dashboard/webhooks/webhookQueries";
import { notify } from "../../state/appState";

/**
 * The host's webhook subscriptions (and their teams'): add one (its signing secret is shown
 * once), pause or resume, send a test ping, rotate the secret, delete, and read each one's
 * delivery log with a resend per delivery.
 */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const query = useQuery(webhooksQuery());
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookResponse | null>(null);
  const secretRef = useRef<HTMLElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const listHeadingId = useId();

  const showSecret = (shown: { url: string; secret: string }) => {
    setSecret(shown);
    // The secret is what changed and is shown only now: focus goes to it.
    requestAnimationFrame(() => secretRef.current?.focus());
  };
  const remove = useMutation({
    mutationFn: (id: string) => webhookApi.remove(id),
    onSuccess: async () => {
      notify(t("dashboard.webhooks.deleted"));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
      setDeleting(null);
      requestAnimationFrame(() => listHeadingRef.current?.focus());
    },
  });
  const webhooks = query.data?.webhooks ?? [];
  return (
    <>
      <PageHeader
        title={t("dashboard.webhooks.title")}
        description={t("dashboard.webhooks.description")}
        actions={<Button onClick={() => setAdding(true)}>{t("dashboard.webhooks.add")}</Button>}
      />
      {secret ? (
        <SecretNotice
          ref={secretRef}
          title={t("dashboard.webhooks.secretTitle")}
          hint={
            <>
              {t("dashboard.webhooks.secretHint")} <bdi dir="ltr">{secret.url}</bdi>
            </>
          }
          secret={secret.secret}
          copyLabel={t("dashboard.webhooks.copySecret")}
          doneLabel={t("dashboard.webhooks.secretDone")}
          onDone={() => setSecret(null)}
          testId="webhook-secret"
        />
      ) : null}
      <section aria-labelledby={listHeadingId} className="flex flex-col gap-3">
        <h2 ref={listHeadingRef} id={listHeadingId} tabIndex={-1} className="sr-only outline-none">
          {t("dashboard.webhooks.listTitle")}
        </h2>
        <QueryStatus queries={[query]} />
        {query.data && webhooks.length === 0 ? (
          <p className="text-gray-700">{t("dashboard.webhooks.none")}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {webhooks.map((hook) => (
            <WebhookCard
              key={hook.id}
              hook={hook}
              onSecret={showSecret}
              onDelete={() => setDeleting(hook)}
            />
          ))}
        </ul>
      </section>
      {adding && query.data ? (
        <WebhookDialog
          teams={query.data.teams}
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            showSecret({ url: created.url, secret: created.secret });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t("dashboard.webhooks.deleteTitle")}
        message={t("dashboard.webhooks.deleteMessage")}
        confirmLabel={t("dashboard.common.delete")}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

function WebhookCard({
  hook,
  onSecret,
  onDelete,
}: {
  hook: WebhookResponse;
  onSecret: (shown: { url: string; secret: string }) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const titleId = useId();
  const change = useMutation({
    mutationFn: (patch: WebhookUpdate) => webhookApi.update(hook.id, patch),
    onSuccess: async (updated, patch) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
      if (updated.secret) onSecret({ url: updated.url, secret: updated.secret });
      else
        notify(t(patch.active ? "dashboard.webhooks.resumed" : "dashboard.webhooks.pausedNotice"));
    },
  });
  const logRef = useRef<HTMLElement>(null);
  const ping = useMutation({
    mutationFn: () => webhookApi.ping(hook.id),
    onSuccess: async () => {
      notify(t("dashboard.webhooks.pinged"));
      setShowLog(true);
      // The button is disabled while the ping goes out, which drops its focus: the log that
      // shows the ping's delivery is the result, and takes it.
      requestAnimationFrame(() => logRef.current?.focus());
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(hook.id) });
    },
  });
  const state = hook.active
    ? t("dashboard.webhooks.active")
    : hook.pausedReason === "gone"
      ? t("dashboard.webhooks.pausedGone")
      : hook.pausedReason === "failing"
        ? t("dashboard.webhooks.pausedFailing")
        : t("dashboard.webhooks.paused");
  const error = change.error ?? ping.error;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-semibold break-all text-gray-900">
            <bdi dir="ltr">{hook.url}</bdi>
          </h3>
          <p className="text-sm text-gray-700">
            {hook.teamName ? (
              <>
                {t("dashboard.webhooks.forTeam")} <bdi>{hook.teamName}</bdi>
              </>
            ) : (
              t("dashboard.webhooks.personal")
            )}
            {" · "}
            <span className={hook.active ? "text-green-800" : "font-semibold text-amber-800"}>
              {state}
            </span>
          </p>
          <p className="text-sm text-gray-700">
            {hook.events.map((event) => t(eventLabelKey(event))).join(", ")}
          </p>
        </div>
      </div>
      {error ? <Alert message={errorMessage(error, t)} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="compact"
          disabled={change.isPending}
          onClick={() => change.mutate({ active: !hook.active })}
        >
          {hook.active ? t("dashboard.webhooks.pause") : t("dashboard.webhooks.resume")}
        </Button>
        <Button
          variant="secondary"
          size="compact"
          disabled={ping.isPending}
          onClick={() => ping.mutate()}
        >
          {t("dashboard.webhooks.ping")}
        </Button>
        <Button
          variant="secondary"
          size="compact"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {t("dashboard.webhooks.deliveries")}
        </Button>
        <Button
          variant="secondary"
          size="compact"
          disabled={change.isPending}
          onClick={() => change.mutate({ rotateSecret: true })}
        >
          {t("dashboard.webhooks.rotate")}
        </Button>
        <Button variant="secondary" size="compact" onClick={onDelete}>
          {t("dashboard.common.delete")}
        </Button>
      </div>
      <section
        ref={logRef}
        id={logId}
        hidden={!showLog}
        tabIndex={-1}
        aria-label={`${t("dashboard.webhooks.logCaption")} ${hook.url}`}
        className="outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {showLog ? <DeliveryLog webhookId={hook.id} url={hook.url} paused={!hook.active} /> : null}
      </section>
    </li>
  );
}

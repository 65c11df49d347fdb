import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { CopyButton } from "../../../components/CopyButton";
import { FieldFrame } from "../../../components/FieldFrame";
import { describedBy, inputClassName } from "../../../components/FieldMessages";
import { QueryStatus } from "../../../components/QueryStatus";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { bookingFeedQuery, dashboardKeys } from "../api/dashboardQueries";
import { useFormatters } from "../useFormatters";

/**
 * The host's private ICS feed of their bookings, for calendars that can only subscribe: make the
 * address (shown once, with a copy button, focused so it is read out), make a new one (the old
 * stops working) or turn it off. Only a hash of the address is stored, so a later visit shows
 * that one is on, not the address.
 */
export function BookingFeedCard() {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const status = useQuery(bookingFeedQuery());
  const headingId = useId();
  const fieldId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"regenerate" | "turnOff" | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.bookingFeed() });

  const create = useMutation({
    mutationFn: () => dashboardApi.createBookingFeed(),
    onSuccess: async ({ url: made }) => {
      setUrl(made);
      notify(t("dashboard.calendars.feed.created"));
      await refresh();
      // Without a dialog open (the first address), focus goes to the address here; after a
      // confirmation the dialog sends it there (fallbackFocus), its opener being gone.
      if (confirming === null) requestAnimationFrame(() => urlRef.current?.focus());
      setConfirming(null);
    },
  });
  const turnOff = useMutation({
    mutationFn: () => dashboardApi.deleteBookingFeed(),
    onSuccess: async () => {
      setUrl(null);
      notify(t("dashboard.calendars.feed.turnedOff"));
      await refresh();
      setConfirming(null);
    },
  });

  const active = status.data?.active ?? false;
  // New buttons for each address: the ones that opened a dialog are gone when it closes, so the
  // dialog moves focus to its fallback (the new address, or the status line) instead.
  const actionsKey = `${active}-${url ?? ""}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-bold text-gray-900">
          {t("dashboard.calendars.feed.title")}
        </h2>
        <p className="text-sm text-gray-600">{t("dashboard.calendars.feed.description")}</p>
      </div>
      <QueryStatus queries={[status]} />
      {status.data ? (
        <p ref={statusRef} tabIndex={-1} className="text-sm text-gray-800 outline-none">
          {active && status.data.createdAt
            ? t("dashboard.calendars.feed.active", {
                when: format.dateTime(status.data.createdAt),
              })
            : t("dashboard.calendars.feed.off")}
        </p>
      ) : null}
      {url ? (
        <div className="flex flex-col gap-2">
          <FieldFrame
            id={fieldId}
            label={t("dashboard.calendars.feed.urlLabel")}
            hint={t("dashboard.calendars.feed.urlHint")}
          >
            <input
              id={fieldId}
              ref={urlRef}
              readOnly
              dir="ltr"
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className={inputClassName(false)}
              {...describedBy(fieldId, true)}
            />
          </FieldFrame>
          <div>
            <CopyButton text={url} label={t("dashboard.calendars.feed.copy")} />
          </div>
        </div>
      ) : null}
      {status.data ? (
        <div key={actionsKey} className="flex flex-wrap gap-2">
          {active ? (
            <>
              <Button variant="secondary" onClick={() => setConfirming("regenerate")}>
                {t("dashboard.calendars.feed.regenerate")}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming("turnOff")}>
                {t("dashboard.calendars.feed.turnOff")}
              </Button>
            </>
          ) : (
            <Button disabled={create.isPending} onClick={() => create.mutate()}>
              {t("dashboard.calendars.feed.create")}
            </Button>
          )}
        </div>
      ) : null}
      <Alert
        message={create.error && confirming === null ? errorMessage(create.error, t) : undefined}
      />
      <ConfirmDialog
        open={confirming === "regenerate"}
        title={t("dashboard.calendars.feed.regenerateTitle")}
        message={t("dashboard.calendars.feed.regenerateMessage")}
        confirmLabel={t("dashboard.calendars.feed.regenerate")}
        pending={create.isPending}
        error={create.error ? errorMessage(create.error, t) : undefined}
        fallbackFocus={urlRef}
        onConfirm={() => create.mutate()}
        onClose={() => {
          setConfirming(null);
          create.reset();
        }}
      />
      <ConfirmDialog
        open={confirming === "turnOff"}
        danger
        title={t("dashboard.calendars.feed.turnOffTitle")}
        message={t("dashboard.calendars.feed.turnOffMessage")}
        confirmLabel={t("dashboard.calendars.feed.turnOff")}
        pending={turnOff.isPending}
        error={turnOff.error ? errorMessage(turnOff.error, t) : undefined}
        fallbackFocus={statusRef}
        onConfirm={() => turnOff.mutate()}
        onClose={() => {
          setConfirming(null);
          turnOff.reset();
        }}
      />
    </section>
  );
}

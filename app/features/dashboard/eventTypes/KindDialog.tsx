import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { Dialog } from "../../../components/Dialog";
import { SelectField } from "../../../components/SelectField";
import { useNavigate } from "../../../router";
import type { EventKind, Team } from "../api/types";
import { PERSONAL_KINDS, TEAM_KINDS } from "./eventTypeDraft";

interface KindDialogProps {
  open: boolean;
  onClose: () => void;
  /** Teams the host administers; team kinds need one. */
  teams: readonly Team[];
  initialTeamId?: string;
}

/** Step one of a new event type: which kind, and for team kinds which team. */
export function KindDialog({ open, onClose, teams, initialTeamId }: KindDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useId();
  const [kind, setKind] = useState<EventKind>(initialTeamId ? "ROUND_ROBIN" : "ONE_ON_ONE");
  const [teamId, setTeamId] = useState(initialTeamId ?? teams[0]?.id ?? "");
  const needsTeam = TEAM_KINDS.includes(kind);
  const ready = !needsTeam || teamId !== "";

  function handleContinue() {
    const query = new URLSearchParams({ kind });
    if (needsTeam) query.set("teamId", teamId);
    onClose();
    navigate(`/dashboard/event-types/new?${query}`);
  }

  return (
    <Dialog open={open} onClose={onClose} title={t("dashboard.kinds.dialogTitle")} size="lg">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-gray-800">
          {t("dashboard.kinds.legend")}
        </legend>
        {[...PERSONAL_KINDS, ...TEAM_KINDS].map((value) => {
          const disabled = TEAM_KINDS.includes(value) && teams.length === 0;
          return (
            <label
              key={value}
              className={`flex items-start gap-3 rounded-xl border p-3 ${
                kind === value ? "border-brand-600 bg-blue-50" : "border-gray-200"
              } ${disabled ? "opacity-60" : "cursor-pointer"}`}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={kind === value}
                disabled={disabled}
                onChange={() => setKind(value)}
                className="mt-1 size-5 shrink-0 accent-brand-600"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold text-gray-900">
                  {t(`dashboard.kinds.${value}.title`)}
                </span>
                <span className="text-sm text-gray-700">
                  {t(`dashboard.kinds.${value}.description`)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {teams.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.kinds.needTeam")}</p>
      ) : null}
      {needsTeam && teams.length > 0 ? (
        <SelectField
          label={t("dashboard.kinds.team")}
          value={teamId}
          onChange={(event) => setTeamId(event.target.value)}
          options={teams.map((team) => ({ value: team.id, label: team.name }))}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("dashboard.common.cancel")}
        </Button>
        <Button onClick={handleContinue} disabled={!ready}>
          {t("dashboard.kinds.continue")}
        </Button>
      </div>
    </Dialog>
  );
}

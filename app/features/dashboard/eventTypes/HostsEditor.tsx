import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { FieldMessages } from "../../../components/FieldMessages";
import { NumberField } from "../../../components/NumberField";
import { SelectField } from "../../../components/SelectField";
import type { HostSectionProps } from "./editorTypes";

/** COLLECTIVE and ROUND_ROBIN: which team members host, and (round robin) who goes first. */
export function HostsEditor({ draft, update, errors, members }: HostSectionProps) {
  const { t } = useTranslation();
  const roundRobin = draft.kind === "ROUND_ROBIN";
  const hostOf = (userId: string) => draft.hosts.find((h) => h.userId === userId);
  return (
    <Card
      title={t("dashboard.hosts.title")}
      description={
        roundRobin ? t("dashboard.hosts.roundRobinHint") : t("dashboard.hosts.collectiveHint")
      }
    >
      <FieldMessages id="hosts" errors={errors.hosts} />
      <ul className="flex flex-col gap-2">
        {members.map((member) => {
          const host = hostOf(member.userId);
          return (
            <li
              key={member.userId}
              className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-gray-200 p-3"
            >
              <CheckboxField
                label={`${member.name} (${member.email})`}
                checked={host !== undefined}
                onChange={(checked) =>
                  update({
                    hosts: checked
                      ? [...draft.hosts, { userId: member.userId, priority: 0 }]
                      : draft.hosts.filter((h) => h.userId !== member.userId),
                  })
                }
              />
              {roundRobin && host ? (
                <NumberField
                  label={t("dashboard.hosts.priority", { name: member.name })}
                  value={host.priority}
                  min={0}
                  max={100}
                  onChange={(priority) =>
                    update({
                      hosts: draft.hosts.map((h) =>
                        h.userId === member.userId ? { ...h, priority: priority ?? 0 } : h,
                      ),
                    })
                  }
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {roundRobin ? (
        <p className="text-sm text-gray-600">{t("dashboard.hosts.priorityHint")}</p>
      ) : null}
    </Card>
  );
}

/** FLEXI: groups of members, each needing all (ALL) or one (ANY) of them free. */
export function HostGroupsEditor({ draft, update, errors, members }: HostSectionProps) {
  const { t } = useTranslation();
  const { hostGroups } = draft;
  const groupOf = (userId: string) => hostGroups.findIndex((g) => g.userIds.includes(userId));
  const setGroup = (index: number, patch: Partial<(typeof hostGroups)[number]>) =>
    update({ hostGroups: hostGroups.map((g, i) => (i === index ? { ...g, ...patch } : g)) });
  return (
    <Card
      title={t("dashboard.hostGroups.title")}
      description={t("dashboard.hostGroups.description")}
    >
      <FieldMessages id="hostGroups" errors={errors.hostGroups} />
      <ol className="flex flex-col gap-3">
        {hostGroups.map((group, index) => {
          const number = index + 1;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; order is their identity.
              key={index}
              className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 sm:p-4"
            >
              <h3 className="font-semibold text-gray-900">
                {t("dashboard.hostGroups.heading", { number })}
              </h3>
              <SelectField
                label={t("dashboard.hostGroups.mode")}
                value={group.mode}
                onChange={(event) => setGroup(index, { mode: event.target.value as "ALL" | "ANY" })}
                options={[
                  { value: "ALL", label: t("dashboard.hostGroups.modeAll") },
                  { value: "ANY", label: t("dashboard.hostGroups.modeAny") },
                ]}
              />
              <fieldset className="flex flex-col gap-1">
                <legend className="text-sm font-semibold text-gray-800">
                  {t("dashboard.hostGroups.members")}
                </legend>
                {members.map((member) => {
                  const inGroup = groupOf(member.userId);
                  return (
                    <CheckboxField
                      key={member.userId}
                      label={member.name}
                      checked={inGroup === index}
                      disabled={inGroup !== -1 && inGroup !== index}
                      hint={
                        inGroup !== -1 && inGroup !== index
                          ? t("dashboard.hostGroups.inOtherGroup", { number: inGroup + 1 })
                          : undefined
                      }
                      onChange={(checked) =>
                        setGroup(index, {
                          userIds: checked
                            ? [...group.userIds, member.userId]
                            : group.userIds.filter((id) => id !== member.userId),
                        })
                      }
                    />
                  );
                })}
                <FieldMessages
                  id={`hostGroups-${index}`}
                  errors={errors[`hostGroups.${index}.userIds`]}
                />
              </fieldset>
              <div>
                <Button
                  variant="secondary"
                  disabled={hostGroups.length <= 1}
                  onClick={() => update({ hostGroups: hostGroups.filter((_, i) => i !== index) })}
                >
                  {t("dashboard.hostGroups.remove", { number })}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          onClick={() => update({ hostGroups: [...hostGroups, { mode: "ANY", userIds: [] }] })}
        >
          {t("dashboard.hostGroups.add")}
        </Button>
      </div>
    </Card>
  );
}

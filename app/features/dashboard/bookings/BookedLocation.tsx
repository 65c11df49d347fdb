import { useTranslation } from "react-i18next";
import { UserText } from "../../../components/UserText";

/** A booking's place: its kind, and its detail; a join link is a link while the meeting is on. */
export function BookedLocation({
  location,
  cancelled,
}: {
  location: { type: string; value?: string | null | undefined };
  cancelled: boolean;
}) {
  const { t } = useTranslation();
  const kind = t(`dashboard.locations.types.${location.type as "ZOOM"}`, location.type);
  const { value } = location;
  if (!value) return kind;
  const joinLink = /^https?:\/\//i.test(value) && !cancelled;
  return (
    <>
      {kind}:{" "}
      {joinLink ? (
        <a
          href={value}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline"
        >
          <UserText>{value}</UserText>
        </a>
      ) : (
        <UserText>{value}</UserText>
      )}
    </>
  );
}

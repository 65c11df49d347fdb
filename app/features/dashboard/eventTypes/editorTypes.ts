import type { FieldErrors } from "../../../api/apiClient";
import type { EventTypeFields, TeamMember } from "../api/types";

/** What every section of the event type form gets. */
export interface SectionProps {
  draft: EventTypeFields;
  update: (patch: Partial<EventTypeFields>) => void;
  errors: FieldErrors;
}

export interface HostSectionProps extends SectionProps {
  members: readonly TeamMember[];
}

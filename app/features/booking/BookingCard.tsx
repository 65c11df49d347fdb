import type { ReactNode } from "react";

interface BookingCardProps {
  /** The event's details, hidden with hide_details. */
  aside: ReactNode | null;
  children: ReactNode;
}

/** The white card of booking screens: event details beside (or above, on phones) the step. */
export function BookingCard({ aside, children }: BookingCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col overflow-visible bg-white shadow-sm sm:rounded-2xl lg:flex-row">
      {aside ? (
        <aside className="border-b border-gray-200 p-5 sm:p-8 lg:w-80 lg:shrink-0 lg:border-e lg:border-b-0">
          {aside}
        </aside>
      ) : null}
      <div className="min-w-0 flex-1 p-5 sm:p-8">{children}</div>
    </div>
  );
}

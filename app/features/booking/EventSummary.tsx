import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { durationLabel } from "../../../core/i18n/durationLabel";
import { UserText } from "../../components/UserText";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import type { PublicEventType } from "./bookingApi";
import { formatPrice } from "./formatters";
import { HostAvatars } from "./HostAvatars";
import { offeredLocationText } from "./locationText";

interface EventSummaryProps {
  eventType: PublicEventType;
  /** Shown under the duration: the duration choice, or the chosen time. */
  children?: ReactNode;
  /** 2 where the page's h1 names its task (rescheduling), else the title is the h1. */
  headingLevel?: 1 | 2;
}

/** The event's host, title, duration, locations, price and description. */
export function EventSummary({ eventType, children, headingLevel = 1 }: EventSummaryProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const pinned = eventType.team && eventType.hosts.length === 1;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const hostNames =
    eventType.team && !pinned
      ? [{ key: "team", name: eventType.team.name }]
      : eventType.hosts.map((host) => ({ key: host.username, name: host.name }));

  return (
    <div className="flex flex-col gap-4">
      <HostAvatars hosts={eventType.hosts} />
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-gray-600">
          {hostNames.map(({ key, name }, index) => (
            <Fragment key={key}>
              {index > 0 ? ", " : null}
              <UserText>{name}</UserText>
            </Fragment>
          ))}
        </p>
        <UserText as={Heading} className="text-2xl font-bold text-gray-900">
          {eventType.title}
        </UserText>
      </div>
      <ul className="flex flex-col gap-2 text-gray-700">
        {eventType.durations.length <= 1 ? (
          <li className="flex items-start gap-2">
            <Icon path="M10 5v5l3 2M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z" />
            {durationLabel(eventType.duration, t, locale)}
          </li>
        ) : null}
        {eventType.locations.map((location) => (
          <li
            key={`${location.type}-${offeredLocationText(location, t)}`}
            className="flex items-start gap-2"
          >
            <Icon path="M10 18s6-5.2 6-10a6 6 0 1 0-12 0c0 4.8 6 10 6 10Zm0-8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" />
            <span className="break-words">{offeredLocationText(location, t)}</span>
          </li>
        ))}
        {eventType.price ? (
          <li className="flex items-start gap-2">
            <Icon path="M4 6h12v9H4zM4 9h12" />
            {formatPrice(eventType.price.amount, eventType.price.currency, locale)}
          </li>
        ) : null}
      </ul>
      {children}
      {eventType.description ? (
        <UserText as="p" className="whitespace-pre-line break-words text-gray-700">
          {eventType.description}
        </UserText>
      ) : null}
    </div>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-gray-500">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

import type { BookingChangeRow } from "../booking/bookingChange";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Tx } from "../db/database";
import type { BookingMailPayload, PaymentMailData } from "../mail/mailTypes";
import type { EffectSink } from "./effectSink";
import type { MeetingReader } from "./meetingReader";

/** What every processor of one change gets: the change, the booking as it is now, and settings. */
export interface ChangeContext {
  tx: Tx;
  change: BookingChangeRow;
  /** The change's own time: the mails' stamps and the reminders' plan are as of it. */
  now: Date;
  publicUrl: string;
  /** Signs the hosts' links that answer a request. */
  secret: string;
  /** The event type of the changed meeting; null when it is gone (nothing to derive then). */
  eventType: EventTypeWithHosts | null;
  /** The meetings, people, event types and workflows the change concerns, as they are now. */
  read: MeetingReader;
  /** Where its rows go: written at once, or gathered for the batch's inserts. */
  out: EffectSink;
  /** What earlier processors of this change left for later ones. */
  effects: ChangeEffects;
}

export interface ChangeEffects {
  /** What each attendee's mails say about their payment (a refund made by the change). */
  payments: Map<string, PaymentMailData>;
  /** The host mails written, each with the meeting it tells of: their calendars follow. */
  hostMails: { eventId: string; mail: BookingMailPayload }[];
}

/** One effect of a change, derived inside the change worker's transaction. */
export type ChangeProcessor = (context: ChangeContext) => Promise<void>;

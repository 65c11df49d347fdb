/** One busy stretch of a calendar: an occurrence of an event, epoch ms, half-open. */
export interface BusyInterval {
  uid: string;
  start: number;
  end: number;
}

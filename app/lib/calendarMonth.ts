// The month calendar's arithmetic lives in core, where the server renders the booking page's
// first month with it too.
export * from "../../core/time/calendarMonth";

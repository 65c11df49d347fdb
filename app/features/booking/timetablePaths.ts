// In core, where the server writes the booking page's first month with it too.
export * from "../../../core/routing/timetablePaths";

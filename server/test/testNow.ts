/**
 * The instant every in-process test server starts at (server/test/testApp.ts) unless its test
 * sets another: a Monday in winter, 06:00Z (07:00 in Berlin). Fixed, so that a test's outcome
 * never depends on the day or hour it runs.
 */
export const TEST_NOW = new Date("2027-01-04T06:00:00Z");

import { afterAll } from "vitest";
import type { Config } from "../../config";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { createTestApp, type TestApp } from "../../test/testApp";
import type { CalendarWriteContext } from "../calendarEventWriter";

/**
 * What the Google, Microsoft and Zoom test apps share: a provider's loopback double and a test
 * app configured for it (`config`), both on the test's clock (`setNow`, from BOOKING_NOW), the
 * double stopped after the file; `writeContext()` writes the due calendar jobs with the app's
 * provider settings and no retry waits. `startDouble` gets the clock and the app (there once the
 * double has started: the Microsoft double delivers its notifications to it).
 */
export async function providerTestApp<D extends { stop(): Promise<void> }>(
  startDouble: (clock: () => Date, app: () => TestApp) => Promise<D>,
  config: (double: D) => Partial<Config>,
) {
  let now = BOOKING_NOW;
  let t: TestApp | undefined;
  const double = await startDouble(
    () => now,
    () => t!,
  );
  afterAll(() => double.stop());
  const app = await createTestApp(config(double));
  t = app;
  const setNow = (date: Date) => {
    now = date;
    app.setNow(date);
  };
  setNow(BOOKING_NOW);

  const writeContext = (): CalendarWriteContext => ({
    db: app.database.db,
    encryptionKey: app.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: app.deps.config.publicUrl,
    clock: app.deps.clock,
    google: app.deps.config.google,
    googleRetryDelaysMs: [0, 0, 0],
    microsoft: app.deps.config.microsoft,
    microsoftRetryDelaysMs: [0, 0, 0],
    zoom: app.deps.config.zoom,
    zoomRetryDelaysMs: [0, 0, 0],
  });

  return { double, t: app, setNow, now: () => now, writeContext };
}

import { afterAll, expect } from "vitest";
import { untranslatedMessages } from "../i18n/translateMessage";

// Every message a test provokes must be in server/locales/en/errors.json, or no other
// language can say it; the file that provoked a missing one fails here.
afterAll(() => {
  expect([...untranslatedMessages], "API messages missing from the errors catalog").toEqual([]);
});

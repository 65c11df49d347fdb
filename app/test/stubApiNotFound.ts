import { afterEach, beforeEach, vi } from "vitest";

/**
 * Answers every request of the calling test file's components 404: for the side queries a
 * component makes (an event type's questions, location options) that the test does not need.
 */
export function stubApiNotFound(): void {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ message: "Not found" }, { status: 404 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

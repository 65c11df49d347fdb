import { describe, expect, it } from "vitest";
import { withoutErrorsOf } from "./focusFirstError";

describe("withoutErrorsOf", () => {
  it("drops a changed field's errors and those under it, keeps the rest", () => {
    const errors = { hosts: ["a"], "hosts.0.userId": ["b"], hostsExtra: ["c"], title: ["d"] };
    expect(withoutErrorsOf(errors, ["hosts"])).toEqual({ hostsExtra: ["c"], title: ["d"] });
  });

  it("returns the same object when nothing changes, so React keeps its state", () => {
    const errors = { title: ["d"] };
    expect(withoutErrorsOf(errors, ["slug"])).toBe(errors);
  });
});

import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors";
import { retryOnceOnConflict } from "./retryOnceOnConflict";

const failure = (code: string) =>
  new Error("Failed query", { cause: Object.assign(new Error("driver"), { code }) });

/** Work that fails with each of `errors` in turn, then answers "done"; counts its runs. */
function flaky(...errors: Error[]) {
  const work = async () => {
    work.runs += 1;
    const error = errors[work.runs - 1];
    if (error) throw error;
    return "done";
  };
  work.runs = 0;
  return work;
}

describe("retryOnceOnConflict", () => {
  it("runs the work once when it succeeds", async () => {
    const work = flaky();
    expect(await retryOnceOnConflict(work)).toBe("done");
    expect(work.runs).toBe(1);
  });

  it("runs it again after a serialization failure or a deadlock", async () => {
    for (const code of ["40001", "40P01"]) {
      const work = flaky(failure(code));
      expect(await retryOnceOnConflict(work)).toBe("done");
      expect(work.runs).toBe(2);
    }
  });

  it("gives up after the second conflict with UNAVAILABLE and a Retry-After, not a taken slot", async () => {
    const work = flaky(failure("40001"), failure("40P01"), failure("40001"));
    const attempt = retryOnceOnConflict(work);
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({
      code: "UNAVAILABLE",
      detail: { key: "general.busy", params: {} },
      retryAfterSeconds: 1,
    });
    expect(work.runs).toBe(2);
  });

  it("passes any other error through at once, or after the retry", async () => {
    const taken = failure("23P01");
    const once = flaky(taken);
    await expect(retryOnceOnConflict(once)).rejects.toBe(taken);
    expect(once.runs).toBe(1);
    const later = flaky(failure("40001"), taken);
    await expect(retryOnceOnConflict(later)).rejects.toBe(taken);
    expect(later.runs).toBe(2);
  });
});

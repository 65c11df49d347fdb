import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPollingWorker } from "./pollingWorker";
import type { WorkSignal } from "./workSignal";

/** A worker whose passes end when the test says; `ends` has one entry per pass started. */
function heldWorker(pollMs: number) {
  const ends: Array<(value: number) => void> = [];
  const signals: AbortSignal[] = [];
  const worker = startPollingWorker({
    tick: (signal) =>
      new Promise<number>((resolve) => {
        signals.push(signal);
        ends.push(resolve);
      }),
    pollMs,
    onError: () => 0,
  });
  return { ends, signals, worker };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startPollingWorker", () => {
  it("runs a pass pollMs after the last one ended, never two at once", async () => {
    const { worker, ...held } = heldWorker(1000);

    await vi.advanceTimersByTimeAsync(999);
    expect(held.ends).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.ends).toHaveLength(1);
    // A slow pass is not joined by the timer's next one.
    await vi.advanceTimersByTimeAsync(5000);
    expect(held.ends).toHaveLength(1);
    held.ends[0]!(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(held.ends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.ends).toHaveLength(2);
    held.ends[1]!(1);
    await worker.stop();
  });

  it("joins the running pass when asked during it, and runs one more after it", async () => {
    const { worker, ...held } = heldWorker(3_600_000);

    const first = worker.run();
    const joined = worker.run();
    expect(held.ends).toHaveLength(1);
    held.ends[0]!(5);
    expect(await first).toBe(5);
    expect(await joined).toBe(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(held.ends).toHaveLength(2);
    held.ends[1]!(0);
    await worker.stop();
  });

  it("drains with a pass that starts after the running one, resolving with what it returns", async () => {
    const { worker, ...held } = heldWorker(3_600_000);

    void worker.run();
    const drained = worker.drain();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.ends).toHaveLength(1);
    held.ends[0]!(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(held.ends).toHaveLength(2);
    held.ends[1]!(7);
    expect(await drained).toBe(7);
    await worker.stop();
  });

  it("resolves a pass that threw with what onError says, and keeps polling", async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const worker = startPollingWorker({
      tick: async () => {
        passes += 1;
        if (passes === 1) throw new Error("database gone");
        return passes;
      },
      pollMs: 1000,
      onError: (error) => {
        errors.push(error);
        return -1;
      },
    });

    expect(await worker.run()).toBe(-1);
    expect(errors).toEqual([new Error("database gone")]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    await worker.stop();
  });

  it("stops: aborts the running pass's signal, waits for it to end, and polls no more", async () => {
    const { worker, ...held } = heldWorker(1000);

    await vi.advanceTimersByTimeAsync(1000);
    expect(held.signals[0]!.aborted).toBe(false);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    expect(held.signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.ends[0]!(1);
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.ends).toHaveLength(1);
  });

  it("runs a pass when its table's work commits, and once more for wakes during it", async () => {
    const wakers = new Map<string, () => void>();
    const signal: WorkSignal = {
      on(table, wake) {
        wakers.set(table, wake);
        return () => wakers.delete(table);
      },
      close: async () => {},
    };
    const ends: Array<() => void> = [];
    const worker = startPollingWorker({
      tick: () => new Promise<void>((resolve) => ends.push(resolve)),
      pollMs: 3_600_000,
      onError: () => {},
      wakeOn: { signal, tables: ["outbox"] },
    });

    wakers.get("outbox")!();
    expect(ends).toHaveLength(1);
    wakers.get("outbox")!();
    wakers.get("outbox")!();
    ends[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(ends).toHaveLength(2);
    ends[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(ends).toHaveLength(2);
    await worker.stop();
    expect(wakers.size).toBe(0);
  });
});

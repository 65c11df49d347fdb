// The part of autocannon's API the benches use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface AutocannonRequest {
    /** `context` is the connection's own object, kept across its requests. */
    setupRequest?: (
      request: Record<string, unknown>,
      context?: Record<string, unknown>,
    ) => Record<string, unknown>;
    onResponse?: (status: number, body: string, context?: Record<string, unknown>) => void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    amount?: number;
    /** Seconds to run, when no `amount` is given. */
    duration?: number;
    /** Requests per second across all connections. */
    overallRate?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  function autocannon(
    options: AutocannonOptions,
    done: (error: Error | null, result: unknown) => void,
  ): EventEmitter;

  export default autocannon;
}

/**
 * A map that drops its least recently used entries once their estimated sizes (`weight`, bytes)
 * pass `maxBytes`; an entry larger than the whole budget is not kept. For the timetable caches.
 */
export class WeightedLru<V> {
  readonly #entries = new Map<string, { value: V; weight: number }>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const found = this.#entries.get(key);
    if (found === undefined) return undefined;
    // Most recently used last: a Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.value;
  }

  set(key: string, value: V, weight: number): void {
    this.#drop(key);
    if (weight > this.maxBytes) return;
    this.#entries.set(key, { value, weight });
    this.#bytes += weight;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string) {
    const found = this.#entries.get(key);
    if (found === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= found.weight;
  }
}

import { Worker } from "node:worker_threads";

/**
 * Starts the thread whose entry is the file `entry` (without extension) beside `moduleUrl`: as
 * JavaScript beside the bundle (scripts/build.mjs builds each thread entry as an entry of its
 * own, next to main.js), or as TypeScript beside the source (tsx, vitest). A thread does not
 * inherit Node 20's loader hooks (tsx's, `--import tsx`), so a TypeScript entry is imported
 * from a bootstrap that registers tsx in the thread first.
 */
export function startThread(entry: string, moduleUrl: string, workerData: unknown): Worker {
  if (!moduleUrl.endsWith(".ts")) {
    return new Worker(new URL(`./${entry}.js`, moduleUrl), { workerData });
  }
  const source = new URL(`./${entry}.ts`, moduleUrl).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)})
    .then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

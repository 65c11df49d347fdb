// The thread server/bookingChanges/changeThread.ts starts: derives booking changes with
// connections of its own (see changeThread.ts for why), and logs through the server's
// serializers, so a failed statement's parameters never reach the log from here either.
import { parentPort, workerData } from "node:worker_threads";
import { pino } from "pino";
import { openPostgres } from "../db/database";
import { loggerOptions } from "../loggerOptions";
import { openWorkSignal } from "../workers/workSignal";
import type { ChangeThreadConfig, FromChangeThread, ToChangeThread } from "./changeThread";
import { POSTGRES_CLAIMERS, startChangeWorker } from "./changeWorker";

const config = workerData as ChangeThreadConfig;
const port = parentPort!;
const log = pino(loggerOptions(config.logLevel));
// A connection per claimer, and one for the LISTEN.
const database = openPostgres(config.databaseUrl, POSTGRES_CLAIMERS + 1);
const workSignal = await openWorkSignal(database);
const worker = startChangeWorker({
  database,
  publicUrl: config.publicUrl,
  secret: config.secret,
  // It stamps processed_at only; what a change's effects say is timed by the change itself.
  clock: () => new Date(),
  log,
  workSignal,
});

async function answer(message: ToChangeThread): Promise<FromChangeThread> {
  if (message.type === "drain")
    return { type: "drained", count: await worker.drain().catch(() => 0) };
  await worker.stop();
  await workSignal.close();
  await database.close();
  return { type: "stopped" };
}

// One message at a time, so the replies come in the order the questions were asked.
let answered = Promise.resolve();
port.on("message", (message: ToChangeThread) => {
  answered = answered.then(async () => {
    port.postMessage(await answer(message));
    if (message.type === "stop") port.close();
  });
});

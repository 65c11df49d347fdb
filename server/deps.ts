import type { Config } from "./config";
import type { Database } from "./db/database";

/** What route plugins and commands are built with; the clock is injectable for tests. */
export interface Deps {
  config: Config;
  database: Database;
  clock: () => Date;
}

import { join } from "node:path";
import { projectRoot } from "../../projectRoot";

const here = join(projectRoot, "server", "db", "baseline");

/** The migrations of release 0.1.0, frozen: their tags and hashes. */
export const BASELINE = join(here, "baseline-0.1.0.json");
/** A database of release 0.1.0 filled with every kind of data, as a Slotted backup. */
export const BASELINE_FIXTURE = join(here, "fixture-0.1.0.slotted.gz");
/** What the fixture holds, for the upgrade test to find again. */
export const MANIFEST = join(here, "fixture-0.1.0.json");

export interface Baseline {
  version: string;
  migrations: { tag: string; when: number; hash: string }[];
}

type HostName = "ana" | "ben" | "cy";

export interface FixtureManifest {
  password: string;
  hosts: Record<HostName, string>;
  /** ana's API token, in plain text (it is stored hashed). */
  apiToken: string;
  eventTypes: Record<string, string>;
  bookings: Record<string, { uuid: string; host: HostName; status: string }>;
  /** Page slugs. */
  pages: string[];
  forms: Record<string, string>;
  webhooks: number;
  workflows: number;
  /** Each connection's provider and the secret sealed in it. */
  calendarConnections: { provider: string; secret: string }[];
  /** The page image's upload id. */
  upload: string;
}

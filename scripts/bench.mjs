// `npm run bench`: runs every bench/*.ts in turn; each prints its own figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const benchDir = fileURLToPath(new URL("../bench/", import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(benchDir)
  .filter((file) => file.endsWith(".ts"))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n### bench/${file}`);
  const result = spawnSync("npx", ["tsx", `bench/${file}`], { stdio: "inherit" });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);

// The registry this project is built against serves only the platform packages of the
// machines it runs on (linux x64/arm64), so npm leaves the other platforms' optional
// dependencies out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This adds those entries with their os/cpu, so npm ci skips them instead of fetching.
// Run it after every `npm install`: `node scripts/completeLockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));

/** os, cpu and libc of a platform package, read from its name (e.g. cli-linux-x64-musl). */
export function platformOf(name) {
  const base = name.split("/").pop();
  const os = [
    "android",
    "darwin",
    "freebsd",
    "linux",
    "win32",
    "openbsd",
    "netbsd",
    "sunos",
    "aix",
  ].find((o) => base.includes(`-${o}-`) || base.endsWith(`-${o}`));
  const cpu = [
    "arm64",
    "x64",
    "ia32",
    "arm",
    "ppc64",
    "s390x",
    "riscv64",
    "loong64",
    "mips64el",
    "wasm32",
  ].find((c) => new RegExp(`-${c}(-|$)`).test(base));
  const libc = base.includes("-musl") ? "musl" : base.includes("-gnu") ? "glibc" : undefined;
  return { os, cpu, libc };
}

export function completeLockfile(lock) {
  const packages = lock.packages;
  const added = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (!path.startsWith("node_modules/") || !entry.optionalDependencies) continue;
    for (const [name, version] of Object.entries(entry.optionalDependencies)) {
      const key = `node_modules/${name}`;
      if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
      const { os, cpu, libc } = platformOf(name);
      if (!os && !cpu) continue; // not a platform package: leave it to npm
      packages[key] = {
        version: version.replace(/^[\^~=]/, ""),
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
        ...(cpu ? { cpu: [cpu] } : {}),
        ...(os ? { os: [os] } : {}),
        ...(libc ? { libc: [libc] } : {}),
      };
      added.push(`${name}@${packages[key].version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
    ),
  );
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(lockPath, "utf8"));
  const added = completeLockfile(lock);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length
      ? `added ${added.length} platform entries: ${added.join(", ")}`
      : "lockfile complete",
  );
}

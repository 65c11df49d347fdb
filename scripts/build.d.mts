/** Builds the client into dist/app when missing or stale; true when it built. */
export function buildClient(): Promise<boolean>;
/** Bundles the server into dist/server when missing or stale; true when it built. */
export function buildServer(): Promise<boolean>;
/** The server's esbuild entries under `root`: main and each thread's own file. */
export function serverEntryPoints(root: string): Record<string, string>;

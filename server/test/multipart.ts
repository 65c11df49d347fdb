import { crc32 } from "node:zlib";
import { PNG } from "pngjs";

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartFile(
  content: Buffer,
  { field = "file", filename = "file.bin", type = "application/octet-stream" } = {},
) {
  const boundary = `----slotted${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export type FormPart =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename?: string };

/** A multipart/form-data body of text fields and files, for app.inject. */
export function multipartForm(parts: readonly FormPart[]) {
  const boundary = `----slotted${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ("value" in part) {
      chunks.push(Buffer.from(`${head}\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `${head}; filename="${part.filename ?? "file.bin"}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.file,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real PNG of `width`×`height`: flat (compresses to little) or noise (stays large). */
export function pngOf(width: number, height: number, fill: "flat" | "noise" = "flat"): Buffer {
  const png = new PNG({ width, height });
  if (fill === "noise") {
    let seed = 7;
    for (let i = 0; i < png.data.length; i += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      png.data[i] = seed >> 16;
    }
  }
  return PNG.sync.write(png);
}

/**
 * A PNG of nothing but its signature, an IHDR chunk declaring `width`×`height` (RGBA, 8 bits)
 * and IEND: what a header reader sees of any PNG of that size, in 45 bytes.
 */
export function pngHeaderOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), chunk("IEND", Buffer.alloc(0))]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

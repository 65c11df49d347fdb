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

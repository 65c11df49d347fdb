import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./support/browser";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they come over the wire (fetch would decode them). */
function get(path: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(new URL(path, baseUrl()), { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

describe("the built client's files", () => {
  it("go out as the build's Brotli or gzip copy, whichever the browser takes, and say they vary", async () => {
    const page = await get("/demo/meeting", "identity");
    const libraries = /href="(\/assets\/vendor-[^"]+\.js)"/.exec(page.body.toString())?.[1];
    expect(libraries).toBeDefined();
    const plain = await get(libraries!, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();

    // What Chromium sends: Brotli at the build's quality, well under the plain size's third.
    const br = await get(libraries!, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBe(Number(br.headers["content-length"]));

    const gz = await get(libraries!, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // Quality 11 beats gzip -9 by a tenth and more on this file; on the fly it did not.
    expect(br.body.length).toBeLessThan(gz.body.length * 0.9);

    // The copies are found beside the file; they are not files of their own to ask for.
    expect((await get(`${libraries}.br`, "identity")).status).toBe(404);
    expect((await get(`${libraries}.gz`, "identity")).status).toBe(404);
  });

  it("keep the embed script loadable from other sites in every encoding", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const embed = await get("/embed.js", encoding);
      expect(embed.status).toBe(200);
      expect(embed.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
  });
});

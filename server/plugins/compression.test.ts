import { once } from "node:events";
import { createGzip, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Host, signUpHost } from "../test/factories";
import { multipartFile, multipartForm, TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";

const t = await createTestApp();

const REFUSED = {
  message: "Compressed request bodies are not accepted; send the body without Content-Encoding.",
};

async function count(table: string): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result.rows[0] as { n: number }).n;
}

/** A multipart body whose one file part is `zeros` zero bytes, gzipped as it is written. */
async function gzipBomb(zeros: number): Promise<{ payload: Buffer; contentType: string }> {
  const { payload, headers } = multipartFile(Buffer.alloc(0));
  const [head, tail] = [payload.subarray(0, payload.length - 40), payload.subarray(-40)];
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const chunk = Buffer.alloc(1024 * 1024);
  gzip.write(head);
  for (let written = 0; written < zeros; written += chunk.length) {
    if (!gzip.write(chunk)) await once(gzip, "drain");
  }
  gzip.end(tail);
  await once(gzip, "end");
  return { payload: Buffer.concat(chunks), contentType: headers["content-type"] };
}

function gzipped(host: Host, url: string, body: { payload: Buffer; headers: object }) {
  return t.request({
    method: "POST",
    url,
    headers: { ...host.headers, ...body.headers, "content-encoding": "gzip" },
    payload: gzipSync(body.payload),
  });
}

describe("compressed request bodies", () => {
  it("refuses a gzipped upload or page form with a 415 in the spec's shape, storing nothing", async () => {
    const host = await signUpHost(t);
    const uploads = await count("uploads");
    const upload = await gzipped(host, "/api/uploads", multipartFile(TINY_PNG));
    expect(upload.statusCode, upload.body).toBe(415);
    expect(upload.json()).toEqual(REFUSED);

    const components = JSON.stringify({ blocks: [] });
    const page = await gzipped(
      host,
      `/api/page/${host.username}`,
      multipartForm([{ name: "components", value: components }]),
    );
    expect(page.statusCode, page.body).toBe(415);
    expect(await count("uploads")).toBe(uploads);
  });

  it("refuses a gzipped or deflated JSON body too, in the request's language", async () => {
    const host = await signUpHost(t);
    for (const encoding of ["gzip", "deflate", "br", "x-unknown"]) {
      const response = await t.request({
        method: "PATCH",
        url: "/api/me",
        headers: {
          ...host.headers,
          "content-type": "application/json",
          "content-encoding": encoding,
          "accept-language": "de",
        },
        payload: gzipSync(JSON.stringify({ name: "Zipped" })),
      });
      expect(response.statusCode, encoding).toBe(415);
      expect(response.json().message).toBe(
        "Komprimierte Anfragetexte werden nicht angenommen; senden Sie den Text ohne Content-Encoding.",
      );
    }
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.json().user.name).not.toBe("Zipped");
  });

  it("still takes bodies marked identity, and still compresses answers", async () => {
    const host = await signUpHost(t);
    const body = multipartFile(TINY_PNG);
    const upload = await t.request({
      method: "POST",
      url: "/api/uploads",
      headers: { ...host.headers, ...body.headers, "content-encoding": "identity" },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const openApi = await t.request({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(openApi.headers["content-encoding"]).toBe("gzip");
  });

  it("answers a gzip bomb sent over a socket instead of holding it open", async () => {
    const host = await signUpHost(t);
    // About 200 kB on the wire that would inflate to 200 MB of one file part.
    const bomb = await gzipBomb(200 * 1024 * 1024);
    expect(bomb.payload.length).toBeLessThan(400_000);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    for (const path of ["/api/uploads", `/api/page/${host.username}`]) {
      const response = await fetch(`${address}${path}`, {
        method: "POST",
        headers: {
          ...host.headers,
          "content-type": bomb.contentType,
          "content-encoding": "gzip",
        },
        body: new Uint8Array(bomb.payload),
      });
      expect(response.status, path).toBe(415);
      expect(await response.json()).toEqual(REFUSED);
    }
  });
});

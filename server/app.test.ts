import { once } from "node:events";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./test/testApp";

const t = await createTestApp({ requestTimeoutMs: 1000 });

describe("buildApp's HTTP server", () => {
  it("answers 408 and closes a connection whose body never finishes arriving", async () => {
    const address = new URL(await t.app.listen({ port: 0, host: "127.0.0.1" }));
    const socket = connect(Number(address.port), "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    // Says 100 bytes are coming, sends 9, and waits.
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await once(socket, "close");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

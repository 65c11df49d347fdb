import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { freePort } from "../server/test/freePort";

describe("npm run stripe-double", () => {
  it("starts the Stripe double on the port asked for, on loopback, and says how to use it", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/stripeDouble.ts"], {
      env: { ...process.env, STRIPE_DOUBLE_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      let output = "";
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk) => {
          output += chunk;
          if (output.includes("3-D Secure")) resolve();
        });
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("exit", () => reject(new Error(`the double exited early: ${output}`)));
      });
      expect(output).toContain(`STRIPE_API_URL=http://127.0.0.1:${port} \\`);
      expect(output).toContain(`STRIPE_JS_URL=http://127.0.0.1:${port}/v3/ \\`);
      // The booking page's Stripe.js stand-in, and the API behind the secret key.
      expect((await fetch(`http://127.0.0.1:${port}/v3/`)).status).toBe(200);
      const intent = await fetch(`http://127.0.0.1:${port}/v1/payment_intents`, {
        method: "POST",
        headers: {
          authorization: "Bearer sk_test_double",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "amount=2500&currency=eur",
      });
      expect(await intent.json()).toMatchObject({
        amount: 2500,
        status: "requires_payment_method",
      });
    } finally {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  });
});

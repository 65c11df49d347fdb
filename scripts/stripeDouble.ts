// `npm run stripe-double`: the browser tests' Stripe double on a fixed loopback port, to try a
// paid booking on a local server without a Stripe account (docs/payments.md). It keeps its
// payments in memory until stopped (Ctrl+C).
import { startStripeDouble, stripeDoubleEnv } from "../server/test/stripeDouble";

const DEFAULT_PORT = 12111;

const port = Number(process.env.STRIPE_DOUBLE_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(
    `STRIPE_DOUBLE_PORT must be a port number, got "${process.env.STRIPE_DOUBLE_PORT}".`,
  );
  process.exit(1);
}
const double = await startStripeDouble({ port }).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `Port ${port} is taken; choose another with STRIPE_DOUBLE_PORT.`
      : String(error),
  );
  process.exit(1);
});
const env = stripeDoubleEnv(double);
console.log(`Stripe double listening on ${double.url} (loopback only). In another terminal:\n`);
console.log(
  `${Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(" \\\n")} \\\nnpm start\n`,
);
console.log(
  "Cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has",
);
console.log(
  "insufficient funds, 4000 0000 0000 0069 has expired, 4000 0025 0000 3155 asks for 3-D Secure.",
);
const stop = () => void double.stop().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

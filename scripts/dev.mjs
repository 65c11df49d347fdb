// `npm run dev`: the API server with reload on change (tsx watch) and Vite's dev server with
// hot reload, which proxies /api to it. Open http://localhost:5173.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: process.env.PORT ?? "3000",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      DEV_MAILBOX: process.env.DEV_MAILBOX ?? "true",
    },
  }),
  spawn("npx", ["vite", "--config", "vite.config.ts"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());

// `npm start`: build what is missing, then run the server in this process.
import { buildClient, buildServer } from "./build.mjs";

const [client, server] = [await buildClient(), await buildServer()];
if (client || server)
  console.log(
    `slotted: built ${[client && "client", server && "server"].filter(Boolean).join(" and ")}`,
  );
await import("../dist/server/main.js");

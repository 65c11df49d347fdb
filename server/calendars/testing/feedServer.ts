import { createServer, type ServerResponse } from "node:http";

export interface FeedServer {
  url: string;
  /** Serves `body` at `path`; null: the request is never answered (a feed that hangs). */
  serve(path: string, body: string | null, status?: number): void;
  stop(): Promise<void>;
}

/** A loopback HTTP server for ICS feeds in tests. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, { body: string | null; status: number }>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const route = routes.get(request.url ?? "");
    if (route === undefined) {
      response.writeHead(404).end("Not found");
      return;
    }
    if (route.body === null) {
      hanging.add(response);
      return;
    }
    response.writeHead(route.status, { "content-type": "text/calendar; charset=utf-8" });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    serve(path, body, status = 200) {
      routes.set(path, { body, status });
    },
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

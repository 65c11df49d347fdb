import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { TimetableService } from "./availability/timetableService";
import type { Deps } from "./deps";
import { loggerOptions } from "./loggerOptions";
import { authPlugin } from "./plugins/auth";
import { clientApp } from "./plugins/clientApp";
import { compression } from "./plugins/compression";
import { errorHandler, frameworkErrors } from "./plugins/errorHandler";
import { hostPagesFraming } from "./plugins/hostPagesFraming";
import { metrics } from "./plugins/metrics";
import { openApi } from "./plugins/openApi";
import { unsafeTextGuard } from "./plugins/unsafeTextGuard";
import { apiRoutes } from "./routes/apiRoutes";
import { loadFirstScreen } from "./routes/clientPages/firstScreen";
import { pageExists } from "./routes/clientPages/pageExists";
import { devMailboxRoutes } from "./routes/devMailbox/devMailboxRoutes";
import { testClockRoutes } from "./routes/testClock/testClockRoutes";

export interface AppOptions {
  /** The log level (and a stream, for tests that read the log), or false for silence. */
  logger?: false | { level: string; stream?: DestinationStream };
  /** Serve the built client from dist/app (off in API tests). */
  serveClient?: boolean;
}

/** Builds the whole server as a Fastify instance; main.ts only listens. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(options.logger?.level ?? deps.config.logLevel, options.logger?.stream),
    frameworkErrors,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Only the configured proxies' X-Forwarded-For counts: limits are keyed on request.ip.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    // A client gets this long to send a whole request: Fastify's default is no limit, so a
    // trickled body held its socket (and a stopping server) for ever. Node checks connections
    // at an interval, a quarter of the timeout here, so a slow one is cut within 1.25 times it.
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, deps.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(deps.config.requestTimeoutMs / 4)),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    schemaController: { compilersFactory: fastifyCompilersOnDemand() },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorHandler);
  // First, so its latency covers every hook after it.
  await app.register(metrics, { deps });
  await app.register(unsafeTextGuard);
  // Stripe.js, its card iframes and its API calls, only when payments are set up (docs/payments.md).
  const stripe = stripeSources(deps.config.stripe);
  // The dashboard's embed preview runs the embed code, which loads embed.js and frames the
  // booking page from PUBLIC_URL: the dashboard may be open at another address (127.0.0.1 for
  // localhost, an internal name), where 'self' alone would block both.
  const published = new URL(deps.config.publicUrl).origin;
  await app.register(helmet, {
    // Booking pages are embeddable in any site, so framing is allowed.
    frameguard: false,
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        // Google Analytics 4 and the Facebook pixel, loaded only after the invitee's consent.
        "script-src": [
          "'self'",
          "https://www.googletagmanager.com",
          "https://connect.facebook.net",
          published,
          ...stripe.script,
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": [
          "'self'",
          "https://*.google-analytics.com",
          "https://*.analytics.google.com",
          "https://www.googletagmanager.com",
          "https://www.facebook.com",
          ...stripe.connect,
        ],
        "frame-src": ["'self'", published, ...stripe.frame],
        "frame-ancestors": ["*"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        // Self-hosts often run on plain http inside a network; upgrading would break them.
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(hostPagesFraming);
  await app.register(compression);
  await app.register(cookie);
  await app.register(openApi, { publicUrl: deps.config.publicUrl });
  await app.register(authPlugin, {
    db: deps.database.db,
    sessionSecret: deps.config.sessionSecret,
    clock: deps.clock,
  });
  // Built once per app: the timetable cache lives as long as the server.
  const services = { timetables: new TimetableService(deps) };
  await app.register(apiRoutes, { prefix: "/api", deps, services });
  await app.register(devMailboxRoutes, { deps });
  await app.register(testClockRoutes, { deps });
  if (options.serveClient ?? true) {
    await app.register(clientApp, {
      publicUrl: deps.config.publicUrl,
      pageExists: (pathname) => pageExists(deps.database.db, pathname),
      firstScreen: (request, pathname) =>
        loadFirstScreen(app, request, pathname, deps.clock().getTime()),
    });
  }
  return app;
}

/**
 * Fastify's own schema compilers (Ajv and fast-json-stringify), loaded the first time one is
 * asked for. Fastify loads them when it is created, and every route here compiles its schemas
 * with zod's (set right after): loading them cost about a tenth of a second of CPU and a few MB
 * at each start for nothing (bench/startup.ts). They are resolved from Fastify's own folder, as
 * Fastify resolves them.
 */
function fastifyCompilersOnDemand(): NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
> {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve("fastify"));
  type Build = (...args: unknown[]) => unknown;
  const onDemand = (name: string): Build => {
    let build: Build | null = null;
    return (...args) => {
      build ??= (fromFastify(name) as () => Build)();
      return build(...args);
    };
  };
  return {
    buildValidator: onDemand("@fastify/ajv-compiler") as never,
    buildSerializer: onDemand("@fastify/fast-json-stringify-compiler") as never,
  };
}

/** The CSP sources Stripe.js needs: its script, its card iframes and its API. */
function stripeSources(stripe: Deps["config"]["stripe"]) {
  if (stripe === null) return { script: [], connect: [], frame: [] };
  const origin = (url: string | null | undefined) => (url ? new URL(url).origin : null);
  const js = origin(stripe.jsUrl) ?? "https://js.stripe.com";
  const api = origin(stripe.apiUrl) ?? "https://api.stripe.com";
  return {
    script: [js],
    connect: [...new Set([api, "https://api.stripe.com", js])],
    frame: [js, "https://hooks.stripe.com"],
  };
}

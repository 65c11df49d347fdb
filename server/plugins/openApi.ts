import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document at /api/openapi.json, generated from the route schemas, and its reference page at /api/docs. */
export const openApi = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Slotted API",
        description:
          "Public booking calls (no authentication) and the host API (Authorization: Bearer <token>, or the dashboard's session cookie with an X-CSRF-Token header on writes). Errors: 422 `{ message, errors: { field: [messages] } }`, 409 `{ code, message }`, other 4xx `{ message }`.",
        version: "1.0.0",
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          session: { type: "apiKey", in: "cookie", name: "slotted_session" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});

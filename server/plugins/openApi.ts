import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { webhookPayloadSchema } from "../../core/api/webhooks";

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
  const webhookBody = z.toJSONSchema(webhookPayloadSchema, { target: "draft-2020-12" });
  // OpenAPI 3.1's `webhooks`: the POSTs Slotted makes to a subscription's URL (docs/webhooks.md).
  const webhooks = {
    delivery: {
      post: {
        summary:
          'A webhook delivery: one event, signed in Slotted-Signature (t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">), with Slotted-Event, Slotted-Event-Id (the same for every resend) and Slotted-Delivery-Id',
        requestBody: { required: true, content: { "application/json": { schema: webhookBody } } },
        responses: {
          "2XX": {
            description:
              "Received; any other answer is retried for 24 hours, 410 pauses the subscription",
          },
        },
      },
    },
  };
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => ({
    ...app.swagger(),
    webhooks,
  }));
});

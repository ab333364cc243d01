import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { OutboxMailer } from "./jobs/outbox-mailer.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { securityPlugin } from "./plugins/security.ts";
import { adminRoutes } from "./routes/admin/admin-routes.ts";
import { authRoutes } from "./routes/auth/auth-routes.ts";
import { orderRoutes } from "./routes/orders/order-routes.ts";
import { contactRoutes } from "./routes/public/contact.ts";
import { referenceDataRoutes } from "./routes/public/reference-data.ts";
import { webPlugin } from "./web/web-plugin.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    invalidateCurrencies: () => void;
    /** Present when the process sends e-mail; operations nudge it after committing a message. */
    outboxMailer: OutboxMailer | undefined;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Folder of the built web app (apps/web/build); omitted in API-only tests. */
  webBuildDir?: string | undefined;
  logger?: boolean;
};

export async function buildApp({
  config,
  database,
  webBuildDir,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] } : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Behind HTTPS the product runs behind a reverse proxy on the same host or network.
    trustProxy: config.publicUrl.startsWith("https://") ? "loopback, linklocal, uniquelocal" : false,
    bodyLimit: 64 * 1024,
    // Keep-alive sockets would hold a graceful shutdown open; in-flight requests still finish.
    forceCloseConnections: "idle",
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // During a graceful shutdown, answers to in-flight requests close their keep-alive connection
  // so that the server can finish closing as soon as they are sent.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("outboxMailer", undefined);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Harbour FX API",
        version: "1.0.0",
        description: "Public and staff API of the Harbour FX web product.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(referenceDataRoutes);
  await app.register(contactRoutes);
  await app.register((await import("./routes/public/compare-rates.ts")).compareRatesRoutes);
  await app.register(orderRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);

  if (webBuildDir) await app.register(webPlugin, { buildDir: webBuildDir });
  return app as unknown as FastifyInstance;
}

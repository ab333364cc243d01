import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyRequest, LogController, type RouteOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { CurrencyList } from "@bureau/domain/contracts/reference-data";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import { channels, notify } from "./db/notify.ts";
import type { JobRunner } from "./jobs/job-runner.ts";
import { REQUEST_BODY_LIMIT_BYTES } from "./lib/body-limits.ts";
import { clientAddressKey } from "./lib/client-address.ts";
import { refuseOversizedBodiesBeforeContinue } from "./lib/expect-continue.ts";
import { postgresRouteLimitStore } from "./modules/attempts/index.ts";
import { createCachedJson } from "./lib/cached-json.ts";
import { requestPath, withoutEmailAddresses } from "./lib/log-privacy.ts";
import { listCurrencies } from "./modules/currencies/index.ts";
import { createOrderLinks, type OrderLinks } from "./modules/orders/index.ts";
import { type AlertLinks, createAlertLinks } from "./modules/rate-alerts/index.ts";
import { createRateProvider, type RateProvider } from "./modules/rates/index.ts";
import { answerClientError, errorsPlugin } from "./plugins/errors.ts";
import { loadSession } from "./plugins/session.ts";
import { operationsPlugin } from "./plugins/operations.ts";
import { securityPlugin } from "./plugins/security.ts";
import { adminRoutes } from "./routes/admin/admin-routes.ts";
import { authRoutes } from "./routes/auth/auth-routes.ts";
import { orderRoutes } from "./routes/orders/order-routes.ts";
import { trackingRoutes } from "./routes/orders/tracking-routes.ts";
import { contactRoutes } from "./routes/public/contact.ts";
import { createCurrenciesFastPath } from "./routes/public/currencies-fast-path.ts";
import { rateAlertRoutes } from "./routes/public/rate-alerts.ts";
import { rateBoardRoutes } from "./routes/public/rate-board.ts";
import { rateHistoryRoutes } from "./routes/public/rate-history.ts";
import { branchPageRoutes } from "./routes/public/branch-page.ts";
import { referenceDataRoutes } from "./routes/public/reference-data.ts";
import { stockAvailabilityRoutes } from "./routes/public/stock-availability.ts";
import { noStore } from "./lib/no-store.ts";
import { webPlugin } from "./web/web-plugin.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    currencyList: ReturnType<typeof createCachedJson<CurrencyList>>;
    /**
     * After currencies changed (committed): drops the cached list here and on every other instance, and
     * wakes the rate boards (also after a change of a board's featured currencies).
     */
    invalidateCurrencies: () => Promise<void>;
    rateProvider: RateProvider;
    /** Signs and checks the links to customers' order pages. */
    orderLinks: OrderLinks;
    /** Signs and checks the confirm and unsubscribe links of rate-alert e-mails. */
    alertLinks: AlertLinks;
    enableFastPaths: () => Promise<void>;
    /** Present when the process runs the background jobs (main.ts). */
    jobRunner: JobRunner | undefined;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Folder of the built web app (apps/web/build); omitted in API-only tests. */
  webBuildDir?: string | undefined;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is added (tests read the route table through it). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp({
  config,
  database,
  webBuildDir,
  logger = true,
  logStream,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const front: FrontDoor = { fastPath: null, closing: false };
  const app = createFastify({ config, logger, logStream }, front);
  // First of all hooks, so that it hears of every route, those of the plugins included.
  if (onRoute) app.addHook("onRoute", onRoute);
  refuseOversizedBodiesBeforeContinue(app.server);
  addClosingHooks(app, front);
  addRequestLogging(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await decorateServices(app, config, database);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  // Route limits count per client address (an IPv6 /64 as one) in PostgreSQL, shared by every instance.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientAddressKey(request.ip),
    store: postgresRouteLimitStore(database.db),
  });
  await registerApiReference(app);
  await registerRoutes(app);

  if (webBuildDir) await app.register(webPlugin, { buildDir: webBuildDir });
  // Called once the app is ready (it asks the normal route for the headers to copy).
  app.decorate("enableFastPaths", async () => {
    front.fastPath = await createCurrenciesFastPath(app as unknown as FastifyInstance);
  });
  return app as unknown as FastifyInstance;
}

/** What the HTTP server consults before handing a request to Fastify. */
type FrontDoor = {
  /** The currencies fast path (routes/public/currencies-fast-path.ts), which answers before Fastify routing. */
  fastPath: ((request: IncomingMessage, response: ServerResponse) => Promise<boolean>) | null;
  /** Set once a graceful shutdown has begun. */
  closing: boolean;
};

type App = ReturnType<typeof createFastify>;

function createFastify(
  { config, logger, logStream }: Pick<BuildAppOptions, "config" | "logStream"> & { logger: boolean },
  front: FrontDoor,
) {
  return Fastify({
    serverFactory: (handler) =>
      createServer((request, response) => {
        // While closing, Fastify answers (503 for new requests, Connection: close): the fast path
        // would otherwise keep serving through a shutdown.
        if (!front.fastPath || front.closing) return handler(request, response);
        front.fastPath(request, response).then(
          (served) => {
            if (!served) handler(request, response);
          },
          () => handler(request, response),
        );
      }),
    logger: logger
      ? {
          level: config.logLevel,
          redact: ["req.headers.cookie", "req.headers.authorization"],
          hooks: {
            logMethod(args, method) {
              method.apply(this, args.map((arg) => withoutEmailAddresses(arg)) as Parameters<typeof method>);
            },
          },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    // Requests Node's parser refuses (headers too large, too slow, not HTTP) answered in the API's error shape.
    clientErrorHandler: answerClientError,
    genReqId: () => randomUUID(),
    // Two log lines per request cost more than the request itself under load: requests are logged
    // once, on completion, and only when they failed or were slow (see addRequestLogging).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // X-Forwarded-For decides the client address the attempt limits count, so it is believed only
    // from the reverse proxies the operator names.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    // Keep-alive sockets would hold a graceful shutdown open; in-flight requests still finish.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // Malformed addresses (bad percent-encoding, over-long parameters) answer in the API's error shape.
    frameworkErrors: (error, request, untypedReply) => {
      const reply = untypedReply as unknown as import("fastify").FastifyReply;
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      reply.code(status).send({
        error: { code: "bad_request", message: "The address of this request is not valid.", requestId: request.id },
      });
    },
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * During a graceful shutdown, answers to in-flight requests close their keep-alive connection
 * so that the server can finish closing as soon as they are sent.
 */
function addClosingHooks(app: App, front: FrontDoor): void {
  app.addHook("preClose", async () => {
    front.closing = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (front.closing) reply.header("connection", "close");
    return payload;
  });
}

/** One log line per request, on completion, and only for a failed, refused or slow one. */
function addRequestLogging(app: App): void {
  app.addHook("onResponse", async (request, reply) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 500 || ms > 1000) {
      request.log.warn(
        { method: request.method, path: requestPath(request.url), status: reply.statusCode, ms },
        "request completed",
      );
    } else if (reply.statusCode >= 400) {
      request.log.info(
        { method: request.method, path: requestPath(request.url), status: reply.statusCode, ms },
        "request refused",
      );
    }
  });
}

async function decorateServices(app: App, config: Config, database: Database): Promise<void> {
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("rateProvider", createRateProvider(config));
  app.decorate("jobRunner", undefined);
  app.decorate("orderLinks", createOrderLinks({ authSecret: config.authSecret, publicUrl: config.publicUrl }));
  app.decorate("alertLinks", createAlertLinks({ authSecret: config.authSecret, publicUrl: config.publicUrl }));
  // The public currency list is cached briefly. A change on any instance clears every instance's copy at
  // once through a notification; the short lifetime remains the fallback while the listener reconnects.
  const currencyList = createCachedJson(
    () =>
      listCurrencies({
        db: database.db,
        rates: { provider: config.rates.provider, ...config.rateFreshness },
      }),
    2_000,
  );
  app.decorate("currencyList", currencyList);
  app.decorate("invalidateCurrencies", async () => {
    currencyList.invalidate();
    await notify(database.db, channels.currencies);
  });
  const stopListening = await database.listen(channels.currencies, () => currencyList.invalidate());
  app.addHook("onClose", async () => {
    await stopListening();
  });
}

/** The OpenAPI document and its browsable reference under /api/docs. */
async function registerApiReference(app: App): Promise<void> {
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
  // The API reference lists the staff operations only to a staff-verified session; everyone else sees
  // the public and account operations. The session is read before the (synchronous) transform runs.
  const readSession = async (request: FastifyRequest) => {
    await loadSession(request);
  };
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // swagger-ui's own policy allows framing by the same origin; nothing of ours frames the reference
    // (its OAuth2 redirect is a pop-up, not a frame), so it is refused like every other page.
    transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
    uiHooks: { preHandler: readSession },
    transformSpecification: (specification, request) =>
      request.currentSession?.user.staffVerified ? specification : withoutStaffOperations(specification),
  });
  app.get("/api/openapi.json", { schema: { hide: true }, preHandler: readSession }, async (request, reply) => {
    noStore(reply);
    return request.currentSession?.user.staffVerified ? app.swagger() : withoutStaffOperations(app.swagger());
  });
}

async function registerRoutes(app: App): Promise<void> {
  await app.register(operationsPlugin);
  await app.register(referenceDataRoutes);
  await app.register(branchPageRoutes);
  await app.register(rateHistoryRoutes);
  await app.register(rateAlertRoutes);
  await app.register(rateBoardRoutes);
  await app.register(contactRoutes);
  await app.register((await import("./routes/public/compare-rates.ts")).compareRatesRoutes);
  await app.register(orderRoutes);
  await app.register(stockAvailabilityRoutes);
  await app.register(trackingRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
}

/** An OpenAPI document without the staff operations (paths under /api/admin). */
export function withoutStaffOperations<T extends object>(specification: T): T {
  const paths = ((specification as { paths?: Record<string, unknown> }).paths ?? {}) as Record<string, unknown>;
  return {
    ...specification,
    paths: Object.fromEntries(Object.entries(paths).filter(([path]) => !path.startsWith("/api/admin"))),
  };
}

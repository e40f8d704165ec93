import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { v7 as uuidv7 } from "uuid";
import type { AppConfig } from "./app-config.ts";
import { DEFAULT_OUTBOX_RETENTION_DAYS } from "./config.ts";
import type { AppDatabase } from "./db/database.ts";
import { databaseRateLimitStore } from "./db/shared-rate-limits.ts";
import { refuseControlCharacters } from "./http/control-characters.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { registerRequestTab } from "./http/request-tab.ts";
import { registerBrowserDefences } from "./http/security.ts";
import { DAY } from "./lib/clock.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { auditTrailRoutes } from "./modules/audit/trail.routes.ts";
import { createAuthenticator } from "./modules/auth/auth.guard.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { ChangeFeed } from "./modules/changes/change-feed.ts";
import { changesRoutes } from "./modules/changes/changes.routes.ts";
import { closingStockRoutes } from "./modules/closing-stock/closing-stock.routes.ts";
import { customFieldsRoutes } from "./modules/custom-fields/custom-fields.routes.ts";
import { demoRoutes } from "./modules/demo/demo.routes.ts";
import { documentLinksRoutes } from "./modules/document-links/document-links.routes.ts";
import { documentsRoutes } from "./modules/documents/documents.routes.ts";
import { einvoiceRoutes } from "./modules/einvoice/einvoice.routes.ts";
import { emailLogRoutes } from "./modules/email-log/email-log.routes.ts";
import { ewayBillRoutes } from "./modules/ewaybill/ewaybill.routes.ts";
import { gstReturnsRoutes } from "./modules/gst-returns/gst-returns.routes.ts";
import { gstr3bRoutes } from "./modules/gst-returns/gstr3b.routes.ts";
import { gstinRoutes } from "./modules/gstin/gstin.routes.ts";
import { gstr2Routes } from "./modules/gstr2/gstr2.routes.ts";
import { matchedItcForPeriod } from "./modules/gstr2/gstr2.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { createReadiness, type Readiness } from "./modules/health/readiness.ts";
import { importsRoutes } from "./modules/imports/imports.routes.ts";
import { itemsRoutes } from "./modules/items/items.routes.ts";
import { bookRoutes } from "./modules/ledger/book.routes.ts";
import { lockPeriodsRoutes } from "./modules/lock-periods/lock-periods.routes.ts";
import { type OutboxWorker, startOutboxWorker } from "./modules/messaging/outbox.ts";
import { createTransports } from "./modules/messaging/transports.ts";
import { whatsAppWebhookRoutes } from "./modules/messaging/whatsapp-webhook.routes.ts";
import { miscRoutes } from "./modules/misc/misc.routes.ts";
import type { ModuleDeps } from "./modules/module-deps.ts";
import { organisationsRoutes } from "./modules/organisations/organisations.routes.ts";
import { reportsRoutes } from "./modules/reports/reports.routes.ts";
import { sendingRoutes } from "./modules/sending/sending.routes.ts";
import { templatesRoutes } from "./modules/sending/templates.routes.ts";
import { supportRoutes } from "./modules/support/support.routes.ts";
import { tdsRoutes } from "./modules/tds/tds.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { vouchersRoutes } from "./modules/vouchers/vouchers.routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends queued email, SMS and WhatsApp; tests call flush() to deliver at once. */
    outbox: OutboxWorker;
  }
}

export interface AppOptions {
  config: AppConfig;
  database: AppDatabase;
  /** Id of the latest migration applied, reported by /api/health. */
  migrationId: string;
  logger?: FastifyServerOptions["logger"];
  /** Set draining by main.ts on SIGTERM; `/api/health/ready` answers 503 from then on. */
  readiness?: Readiness;
}

export type App = FastifyInstance;

/** A hop count trusts that many proxies nearest the server, as proxy-addr reads a number. */
function trustProxyOption(setting: AppConfig["trustProxy"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : uuidv7();
    },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (docs/security.md):
    // trusting anyone's would let a client choose the address the per-address limits count.
    trustProxy: trustProxyOption(options.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseControlCharacters(app);
  registerRequestTab(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await registerBrowserDefences(app, { publicUrl: options.config.publicUrl });
  await app.register(fastifyCookie, { secret: options.config.cookieSecret });
  // Per-address limits counted in the database on PostgreSQL, shared by every server (decision 340).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.database.kind === "postgres"
      ? { store: databaseRateLimitStore(options.database.db) }
      : {}),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Bahi API", version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  const { config, database } = options;
  const db = database.db;
  const outbox = startOutboxWorker(db, createTransports(config), app.log, {
    retentionMs: (config.outboxRetentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS) * DAY,
  });
  app.addHook("onClose", () => outbox.stop());
  app.decorate("outbox", outbox);
  const authenticator = createAuthenticator(db, config.cookieSecret);
  const authDeps = {
    db,
    cookieSecret: config.cookieSecret,
    publicUrl: config.publicUrl,
    codeSendsPerHourPerAddress: config.authCodeSendsPerHour,
    sendQueuedMessages: () => void outbox.flush(),
  };

  const deps = { database, migrationId: options.migrationId };
  await app.register(healthRoutes, {
    prefix: "/api",
    ...deps,
    readiness: options.readiness ?? createReadiness(),
  });
  await app.register(miscRoutes, { prefix: "/api", ...deps });
  await app.register(authRoutes, {
    prefix: "/api",
    deps: authDeps,
    authenticator,
    sensitiveRateLimit: config.authRateLimitPerMinute,
  });
  const moduleDeps: ModuleDeps = {
    db,
    kind: database.kind,
    config,
    authenticator,
    auth: authDeps,
    sendQueuedMessages: authDeps.sendQueuedMessages,
  };
  for (const routes of [
    organisationsRoutes,
    usersRoutes,
    demoRoutes,
    lockPeriodsRoutes,
    accountsRoutes,
    itemsRoutes,
    customFieldsRoutes,
    gstinRoutes,
    closingStockRoutes,
    reportsRoutes,
    gstReturnsRoutes,
    gstr2Routes,
    templatesRoutes,
    sendingRoutes,
    documentLinksRoutes,
    emailLogRoutes,
    whatsAppWebhookRoutes,
    supportRoutes,
    einvoiceRoutes,
    ewayBillRoutes,
    documentsRoutes,
    bookRoutes,
    auditTrailRoutes,
  ]) {
    await app.register(routes, { prefix: "/api", deps: moduleDeps });
  }
  // GSTR-3B can take table 4's credit as per GSTR-2B, matched only (issue 20).
  await app.register(gstr3bRoutes, {
    prefix: "/api",
    deps: moduleDeps,
    matchedItcFrom2B: (organisationId, startDate, endDate) =>
      matchedItcForPeriod(db, organisationId, startDate, endDate),
  });
  const feed = new ChangeFeed(db);
  const announceChange = (organisationId: string) => void feed.announce(organisationId);
  await app.register(changesRoutes, { prefix: "/api", deps: moduleDeps, feed });
  await app.register(vouchersRoutes, {
    prefix: "/api",
    deps: moduleDeps,
    kind: database.kind,
    announceChange,
  });
  await app.register(importsRoutes, { prefix: "/api", deps: moduleDeps, announceChange });
  await app.register(tdsRoutes, { prefix: "/api", deps: moduleDeps, announceChange });

  const indexHtml = path.join(config.webDistDir, "index.html");
  const servesWeb = existsSync(indexHtml);
  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those never change under one name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && servesWeb && (request.method === "GET" || request.method === "HEAD")) {
      // History fallback: the React router decides what every other path shows.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
  });

  return app;
}

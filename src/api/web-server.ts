import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { type Config, publicBaseUrl } from "../config";
import type { SpecImportServices } from "../core/api-specs/api-specs.types";
import { ImportProgressBoard } from "../core/api-specs/import-progress";
import type { Providers } from "../core/providers";
import { SpecWorkerPool } from "../core/specs/spec-worker-pool";
import type { Db } from "../db/connection";
import type { Logger } from "../server/logger";
import { registerAppErrorHandler } from "./app-error-mapping";
import { registerAuthRoutes } from "./auth/auth-routes";
import { fastifyTrustProxy, registerCookiePolicy } from "./cookie-options";
import { registerCsrfRoute } from "./csrf";
import { registerGraphQL } from "./graphql/graphql-server";
import { registerMetrics } from "./metrics";
import { registerPageHandler } from "./page-handler";
import { registerPortalMcp } from "./portal-mcp";
import { registerSecurityHeaders } from "./security-headers";
import { hasStaleSession, registerSession } from "./session";
import { registerTenantResolver } from "./tenant-resolver";

export interface WebServerDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Built once by the composition root (src/server/providers.ts); tests pass tests/providers.ts. */
  providers: Providers;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** build/client: hashed assets served with long-lived caching. */
  clientDir?: string;
  /** Spec imports' worker pool and progress; a pool with the default caps when absent. */
  specImports?: SpecImportServices;
}

/** The `web` service: pages, GraphQL, CSRF, health and metrics, in one Fastify instance. */
export async function buildWebServer(deps: WebServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger.child({ component: "web" }) as FastifyBaseLogger,
    // TRUST_PROXY: request.ip / .protocol / .host follow X-Forwarded-* only from the proxies it names.
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    requestTimeout: 30_000,
  });
  registerAppErrorHandler(app, deps.providers.errors);
  await app.register(fastifyCookie);
  registerCookiePolicy(app, { publicUrl: publicBaseUrl(deps.config) });
  // Pages, GraphQL and JSON answers: brotli at a low quality (fast enough per request) or gzip. Assets are compressed
  // once at build time (scripts/precompress-plugin.ts) and sent as they are.
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  registerSecurityHeaders(app);
  app.get("/healthz", async () => ({ status: "ok" }));
  // The layout ships an inline icon; answer the browser's automatic request without rendering a page.
  app.get("/favicon.ico", async (_request, reply) => reply.code(404).send());
  registerMetrics(app);
  if (deps.clientDir) {
    await app.register(fastifyStatic, {
      root: path.join(deps.clientDir, "assets"),
      prefix: "/assets/",
      wildcard: true,
      index: false,
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      preCompressed: true,
    });
  }
  registerTenantResolver(app, deps.db, deps.config.TENANT_CACHE_MS);
  // After the tenant resolver: a session is only valid for the tenant it was opened in.
  registerSession(app, deps.db);
  registerCsrfRoute(app, { hasStaleSession });
  registerAuthRoutes(app, {
    db: deps.db,
    publicUrl: publicBaseUrl(deps.config),
    signUpsPerIpPerHour: deps.config.SIGN_UP_MAX_PER_IP_PER_HOUR,
  });
  // One pool for the process: GraphQL imports and the studio's form imports (the React Router build) share it.
  const specImports = deps.specImports ?? { processor: new SpecWorkerPool(), progress: new ImportProgressBoard() };
  app.addHook("onClose", () => specImports.processor.close());
  registerGraphQL(app, { db: deps.db, config: deps.config, providers: deps.providers, specImports });
  // The catalog for AI agents (MCP), beside GraphQL (decision 151).
  registerPortalMcp(app, { db: deps.db, config: deps.config, providers: deps.providers });
  if (deps.build) {
    await registerPageHandler(app, {
      build: deps.build,
      db: deps.db,
      config: deps.config,
      providers: deps.providers,
      specImports,
    });
  }
  return app;
}

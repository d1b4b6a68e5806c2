import type { RequestContext } from "../server/request-context";

// Loaders and actions receive the per-request context built by the Fastify server (src/server/page-handler.ts).
declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}

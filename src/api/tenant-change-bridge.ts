import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { announceTenantConfigChange, onTenantConfigChange } from "../core/tenants/tenant-changes";

export const TENANT_CHANNEL = "portico:tenant-config";
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Scale-out (decision 120): a tenant configuration saved on one web instance is announced to every other instance
 * through Redis pub/sub, so each drops its cached copy at once. Messages carry this instance's id so it ignores its
 * own; a remote change is announced locally with origin "remote" and never published again (no echo loops).
 */
export function bridgeTenantChanges(redisUrl: string): () => Promise<void> {
  const instance = randomUUID();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  publisher.on("error", () => {});
  subscriber.on("error", () => {});
  subscriber.subscribe(TENANT_CHANNEL).catch(() => {});
  subscriber.on("message", (_channel: string, message: string) => {
    const change = parseMessage(message);
    if (change && change.from !== instance) announceTenantConfigChange(change.tenantId, "remote");
  });
  const stop = onTenantConfigChange((tenantId, origin) => {
    if (origin === "remote") return;
    publisher.publish(TENANT_CHANNEL, JSON.stringify({ tenantId, from: instance })).catch(() => {});
  });
  return async () => {
    stop();
    await Promise.all([
      publisher.quit().catch(() => publisher.disconnect()),
      subscriber.quit().catch(() => subscriber.disconnect()),
    ]);
  };
}

function parseMessage(message: string): { tenantId: string; from: string } | null {
  try {
    const value = JSON.parse(message) as { tenantId?: unknown; from?: unknown };
    if (typeof value.tenantId !== "string" || !TENANT_ID.test(value.tenantId)) return null;
    return { tenantId: value.tenantId, from: typeof value.from === "string" ? value.from : "" };
  } catch {
    return null;
  }
}

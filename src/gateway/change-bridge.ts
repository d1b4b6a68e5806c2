import { Redis } from "ioredis";
import { type GatewayChange, onGatewayChange } from "../core/plans/gateway-changes";

const CHANNEL = "portico:gateway-changes";

function parseChange(message: string): GatewayChange | null {
  try {
    const value = JSON.parse(message) as { kind?: unknown };
    if (typeof value !== "object" || value === null) return null;
    const kinds = ["key", "app", "subscription", "plan", "api"];
    return typeof value.kind === "string" && kinds.includes(value.kind) ? (value as GatewayChange) : null;
  } catch {
    return null;
  }
}

/**
 * Scale-out: a web instance publishes the changes its services announce, so gateway instances in other processes
 * drop their cached copies at once (their cache TTL is the fallback if a message is lost).
 */
export function publishGatewayChanges(redisUrl: string): () => Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  const stop = onGatewayChange((change) => {
    redis.publish(CHANNEL, JSON.stringify(change)).catch(() => {});
  });
  return async () => {
    stop();
    await redis.quit().catch(() => redis.disconnect());
  };
}

/** Gateway side: applies changes published by other processes. */
export function subscribeToRemoteChanges(
  redisUrl: string,
  apply: (change: GatewayChange) => void,
): () => Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redis.on("error", () => {});
  redis.subscribe(CHANNEL).catch(() => {});
  redis.on("message", (_channel: string, message: string) => {
    const change = parseChange(message);
    if (change) apply(change);
  });
  return async () => {
    await redis.quit().catch(() => redis.disconnect());
  };
}

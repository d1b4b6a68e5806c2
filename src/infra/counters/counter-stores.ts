import path from "node:path";
import type { Config } from "../../config";
import type { CounterStore } from "./counter-store";
import { MemoryCounterStore } from "./memory-counter-store";
import { RedisCounterStore } from "./redis-counter-store";

export type CounterStoreConfig = Pick<
  Config,
  "REDIS_URL" | "GATEWAY_BILLING_JOURNAL" | "PORTICO_DATA_DIR" | "GATEWAY_BILLING_FSYNC"
>;

/** The counter store for the mode: Redis when REDIS_URL is set (scale-out), else memory + billing journal. */
export function counterStoreFor(config: CounterStoreConfig): CounterStore {
  if (config.REDIS_URL) return RedisCounterStore.connect(config.REDIS_URL);
  const file = config.GATEWAY_BILLING_JOURNAL ?? path.join(config.PORTICO_DATA_DIR, "gateway-billing.sqlite");
  // The journal keeps usage records too, and each log until its records are in the database (decision 037).
  return MemoryCounterStore.open(file, { fsync: config.GATEWAY_BILLING_FSYNC, retainLogs: true });
}

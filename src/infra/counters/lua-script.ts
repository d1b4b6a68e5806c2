import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** A Lua script run by its SHA1 (EVALSHA), sent in full only when Redis does not know it yet (NOSCRIPT). */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  /** The script's reply, an array of numbers. */
  async run(redis: Redis, keys: string[], args: Array<string | number>): Promise<number[]> {
    let raw: unknown;
    try {
      raw = await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
      raw = await redis.eval(this.source, keys.length, ...keys, ...args);
    }
    if (!Array.isArray(raw)) throw new Error("Unexpected reply from a counter script");
    return raw.map((v) => Number(v));
  }
}

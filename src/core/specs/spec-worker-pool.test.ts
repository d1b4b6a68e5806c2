import { afterEach, describe, expect, it } from "vitest";
import { largeSpecText } from "../../../tests/factories/large-spec";
import { type AppError, isAppError } from "../errors/app-error";
import { inProcessSpecProcessor } from "./prepare-spec";
import type { PreparedSpec, SpecJob } from "./spec-job.types";
import { SPEC_TOO_LARGE_IN_MEMORY, SPEC_TOO_SLOW, SpecWorkerPool } from "./spec-worker-pool";

const LARGE = largeSpecText();
const small = (title: string) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title, version: "1" },
    paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
  });
const textJob = (text: string): SpecJob => ({ source: { kind: "text", text }, previous: [] });

const pools: SpecWorkerPool[] = [];
function pool(options: ConstructorParameters<typeof SpecWorkerPool>[0] = {}): SpecWorkerPool {
  const created = new SpecWorkerPool(options);
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/**
 * How many times a 1 ms timer fired while `run` was pending: a blocked event loop fires it at most once or twice
 * (when the work ends), a free one keeps firing. Counts, not durations, so a slow machine does not flip the result.
 */
async function timerTicksDuring(run: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    ticks++;
    setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  try {
    await run();
  } finally {
    running = false;
  }
  return ticks;
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("SpecWorkerPool", () => {
  it("keeps the event loop turning while a 9 MB spec with 400k keys is parsed and normalized", async () => {
    expect(LARGE.length).toBeGreaterThan(9 * 1024 * 1024);
    const workers = pool();
    const results: PreparedSpec[] = [];
    const ticks = await timerTicksDuring(async () => {
      results.push(await workers.prepare(textJob(LARGE)));
    });
    expect(results[0]).toMatchObject({ sourceFormat: "openapi-3.0.3", original: null });
    expect(results[0]?.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(["GET /things"]);
    // Thread start-up plus seconds of parsing: hundreds of ticks; 20 leaves room for a very slow machine.
    expect(ticks).toBeGreaterThanOrEqual(20);

    // The same job in this thread (what every import did before): the timer cannot fire until it is over.
    const blocked = await timerTicksDuring(() => inProcessSpecProcessor.prepare(textJob(LARGE)));
    expect(blocked).toBeLessThanOrEqual(2);
  }, 120_000);

  it("stops a job over its time cap with a clear refusal and serves the next job on a fresh thread", async () => {
    const workers = pool({ timeoutMs: 50 });
    const error = await refusal(() => workers.prepare(textJob(LARGE)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(SPEC_TOO_SLOW(50));
    expect(error.message).toBe("The spec took too long to process (over 0.05 s)");
    const next = await workers.prepare(textJob(small("After")));
    expect(next.endpoints).toHaveLength(1);
    expect(workers.startedWorkers).toBe(2);
  }, 120_000);

  it("stops a job over its memory cap with a clear refusal", async () => {
    const workers = pool({ maxOldGenerationSizeMb: 24 });
    const error = await refusal(() => workers.prepare(textJob(LARGE)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(SPEC_TOO_LARGE_IN_MEMORY);
    // The thread is gone, not the process: a small spec still goes through on a fresh one.
    expect((await workers.prepare(textJob(small("Small")))).endpoints).toHaveLength(1);
  }, 120_000);

  it("queues jobs beyond its threads and reports the wait; refusals keep their code, message and where", async () => {
    const workers = pool({ size: 1 });
    const stages: string[] = [];
    const [first, second, broken] = await Promise.allSettled([
      workers.prepare(textJob(small("First"))),
      workers.prepare(textJob(small("Second")), (stage) => stages.push(stage)),
      workers.prepare(textJob('{"openapi": "3.0.3", "info": }')),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status === "fulfilled" && second.value.version).toBe("1");
    expect(stages[0]).toBe("queued");
    expect(stages).toEqual(expect.arrayContaining(["parsing", "checking", "endpoints", "comparing"]));
    expect(broken.status).toBe("rejected");
    const reason = broken.status === "rejected" ? (broken.reason as AppError) : null;
    expect(isAppError(reason)).toBe(true);
    expect(reason?.code).toBe("BAD_REQUEST");
    expect(reason?.message).toMatch(/^Spec is not valid JSON/);
    expect(reason?.details?.where).toBe("1:30");
    expect(workers.startedWorkers).toBe(1);
  }, 120_000);

  it("moves uploaded bytes to the thread and decodes them there", async () => {
    const workers = pool();
    const bytes = new TextEncoder().encode(small("Bytes"));
    const prepared = await workers.prepare({
      source: { kind: "bytes", bytes, notText: { message: "x is not UTF-8 text", where: "x" } },
      previous: [],
    });
    expect(prepared.original).toBe(small("Bytes"));
    expect(bytes.byteLength).toBe(0);
    const error = await refusal(() =>
      workers.prepare({
        source: {
          kind: "bytes",
          bytes: new Uint8Array([0xff, 0xfe]),
          notText: { message: "x is not UTF-8 text", where: "x" },
        },
        previous: [],
      }),
    );
    expect([error.message, error.details?.where]).toEqual(["x is not UTF-8 text", "x"]);
  }, 120_000);
});

import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors/app-error";
import type { SpecStage } from "./normalize-spec.types";
import type { PreparedSpec, SpecJob, SpecJobSource, SpecProcessor } from "./spec-job.types";
import { rebuildFailure, type WorkerReply } from "./spec-worker-protocol";

/** Defaults of the web service's pool: one thread (the machine's other core serves requests), capped per job. */
export const SPEC_WORKER_DEFAULTS = {
  size: 1,
  // The largest real spec (3 MB) takes ~1 s, a 9 MB one with 400k keys ~3 s: 20 s is far beyond honest input.
  timeoutMs: 20_000,
  // That 9 MB spec peaks at ~300 MB of heap while it is parsed, checked, converted and serialized.
  maxOldGenerationSizeMb: 768,
  maxQueued: 20,
  // A warm thread answers the next import at once; an idle one gives its memory back after a minute.
  idleMs: 60_000,
} as const;

export interface SpecWorkerPoolOptions {
  size?: number;
  timeoutMs?: number;
  maxOldGenerationSizeMb?: number;
  maxQueued?: number;
  idleMs?: number;
  /** The worker's entry module; defaults to spec-worker beside this module (source or server bundle). */
  entry?: URL;
}

export const SPEC_TOO_SLOW = (timeoutMs: number) => `The spec took too long to process (over ${timeoutMs / 1000} s)`;
export const SPEC_TOO_LARGE_IN_MEMORY = "The spec needs too much memory to process";
export const SPEC_WORKERS_BUSY = "Too many specs are being imported right now. Try again in a minute.";

type OnStage = (stage: SpecStage | "queued") => void;

interface Task {
  id: number;
  job: SpecJob;
  onStage?: OnStage;
  resolve: (result: PreparedSpec) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Spec parsing and normalizing on worker threads, so a 9 MB spec does not stall every other request of the web
 * process. A small fixed number of threads, started on first use; jobs beyond them wait in a bounded queue. Each job
 * has a time cap (the thread is terminated) and each thread a heap cap (V8 stops it): either ends as a clear refusal
 * and the next job gets a fresh thread.
 */
export class SpecWorkerPool implements SpecProcessor {
  /** Threads started so far (a refused input never starts one; tests read it). */
  startedWorkers = 0;
  private readonly options: Required<Omit<SpecWorkerPoolOptions, "entry">> & { entry: URL };
  private readonly slots: Slot[];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: SpecWorkerPoolOptions = {}) {
    this.options = { ...SPEC_WORKER_DEFAULTS, ...withoutUndefined(options), entry: options.entry ?? defaultEntry() };
    this.slots = Array.from({ length: Math.max(1, this.options.size) }, () => ({
      worker: null,
      task: null,
      timer: null,
      idleTimer: null,
    }));
  }

  prepare(job: SpecJob, onStage?: OnStage): Promise<PreparedSpec> {
    return new Promise((resolve, reject) => {
      const task: Task = { id: this.nextId++, job, onStage, resolve, reject };
      const free = this.slots.find((slot) => slot.task === null);
      if (this.closed || (!free && this.queue.length >= this.options.maxQueued)) {
        reject(new AppError("UNAVAILABLE", SPEC_WORKERS_BUSY));
      } else if (free) {
        this.dispatch(free, task);
      } else {
        this.queue.push(task);
        onStage?.("queued");
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new AppError("UNAVAILABLE", SPEC_WORKERS_BUSY));
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, task } = slot;
        this.reset(slot);
        slot.worker = null;
        task?.reject(new AppError("UNAVAILABLE", SPEC_WORKERS_BUSY));
        if (worker) await worker.terminate();
      }),
    );
  }

  private dispatch(slot: Slot, task: Task): void {
    slot.task = task;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    let worker: Worker;
    try {
      worker = slot.worker ?? this.spawn(slot);
    } catch (error) {
      slot.task = null;
      task.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // A busy thread keeps a script (seed, bench) alive until its answer arrives; an idle one does not.
    worker.ref();
    const { source, transfer } = movableSource(task.job.source);
    worker.postMessage({ id: task.id, job: { ...task.job, source } }, transfer);
  }

  private spawn(slot: Slot): Worker {
    const entry = this.options.entry;
    // Under tsx (development, tests) the entry is TypeScript: the thread loads it through tsx.
    const typescript = entry.pathname.endsWith(".ts");
    const worker = new Worker(typescript ? throughTsx(entry) : entry, {
      // Not the parent's `--import tsx` nor a test runner's flags: in a thread they get in the way of tsImport.
      execArgv: typescript ? [] : undefined,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb },
    });
    this.startedWorkers++;
    slot.worker = worker;
    worker.on("message", (reply: WorkerReply) => this.onReply(slot, worker, reply));
    worker.on("error", (error: Error & { code?: string }) => {
      const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      this.fail(slot, worker, outOfMemory ? new AppError("BAD_REQUEST", SPEC_TOO_LARGE_IN_MEMORY) : error);
    });
    worker.on("exit", (code) => this.fail(slot, worker, new Error(`Spec worker stopped (exit code ${code})`)));
    return worker;
  }

  private onReply(slot: Slot, worker: Worker, reply: WorkerReply): void {
    const task = slot.task;
    if (slot.worker !== worker || !task || reply.id !== task.id) return;
    if (reply.kind === "started") {
      slot.timer = setTimeout(() => {
        this.fail(slot, worker, new AppError("BAD_REQUEST", SPEC_TOO_SLOW(this.options.timeoutMs)));
      }, this.options.timeoutMs);
    } else if (reply.kind === "stage") {
      task.onStage?.(reply.stage);
    } else {
      this.reset(slot);
      if (reply.kind === "done") task.resolve(reply.result);
      else task.reject(rebuildFailure(reply.error));
      this.next(slot);
    }
  }

  /** The thread ran out of time or memory, or died: it is thrown away, its job refused, the next job started. */
  private fail(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    const task = slot.task;
    this.reset(slot);
    slot.worker = null;
    void worker.terminate();
    task?.reject(error);
    this.next(slot);
  }

  private reset(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  private next(slot: Slot): void {
    if (this.closed) return;
    const queued = this.queue.shift();
    if (queued) {
      this.dispatch(slot, queued);
      return;
    }
    const worker = slot.worker;
    if (!worker) return;
    worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.worker !== worker || slot.task) return;
      slot.worker = null;
      void worker.terminate();
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }
}

/** spec-worker.ts beside this file under tsx; spec-worker.mjs beside the server bundle (scripts/build-server.mjs). */
function defaultEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "./spec-worker.ts" : "./spec-worker.mjs", here);
}

/**
 * A module that imports the TypeScript entry through tsx's loader. (On Node 20 neither `--import tsx` in a worker's
 * execArgv nor tsx's register() in the thread reaches the worker's own imports; tsImport does.)
 */
function throughTsx(entry: URL): URL {
  // require.resolve answers the CommonJS build (index.cjs); the thread imports the ES module build beside it.
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const code = `import { tsImport } from ${JSON.stringify(api)};\nawait tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * The job's bytes are moved to the thread instead of copied. Only arrays that own their whole buffer are moved: a
 * Node Buffer may be a slice of a shared pool, which must stay usable here, so such bytes are copied first.
 */
function movableSource(source: SpecJobSource): { source: SpecJobSource; transfer: ArrayBuffer[] } {
  const moved = new Set<ArrayBuffer>();
  const own = (bytes: Uint8Array): Uint8Array => {
    const buffer = bytes.buffer;
    const whole =
      buffer instanceof ArrayBuffer &&
      !moved.has(buffer) &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === buffer.byteLength;
    const owned = whole ? bytes : bytes.slice();
    moved.add(owned.buffer as ArrayBuffer);
    return owned;
  };
  let moving: SpecJobSource = source;
  if (source.kind === "bytes") moving = { ...source, bytes: own(source.bytes) };
  if (source.kind === "archive") moving = { ...source, archive: own(source.archive) };
  if (source.kind === "files") {
    const files = Object.fromEntries(
      Object.entries(source.files).map(([name, content]) => [
        name,
        typeof content === "string" ? content : own(content),
      ]),
    );
    moving = { ...source, files };
  }
  return { source: moving, transfer: [...moved] };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

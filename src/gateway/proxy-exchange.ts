import type { Dispatcher } from "undici";
import { isPrivateHost } from "../core/upstreams/ssrf-guard";
import type { CommitWaiter } from "../infra/counters/counter-store";
import type { CallResponse } from "./call-io";
import { appendClientResponseHeaders } from "./proxy-headers";

export type FailureKind = "timeout" | "refused" | "redirect" | "unreachable" | "too_large" | "client_gone";

/** How the exchange reports back to the handler (which owns counters and metering). */
export interface ExchangeHooks<T> {
  /**
   * Bills the call before the answer: true when billed and durable now, false when the client is gone or the call
   * holds no reservation (nothing is sent), or "pending" when `exchange.committed()` will be called.
   */
  commit(exchange: ProxyExchange<T>): boolean | "pending";
  /** The upstream failed before anything reached the client: answer with a gateway error. */
  failed(exchange: ProxyExchange<T>, kind: FailureKind): void;
  /** Headers were sent (status known). */
  started(exchange: ProxyExchange<T>, status: number): void;
  /** The response ended (completely, or cut off after the status went out: `broken`). */
  finished(exchange: ProxyExchange<T>, bytesOut: number, broken: boolean): void;
}

export class RedirectRefused extends Error {}
export class ClientGone extends Error {}
export class BodyTooLarge extends Error {}
/** The whole exchange took longer than the gateway's response deadline (GATEWAY_RESPONSE_DEADLINE_MS). */
export class DeadlineExceeded extends Error {}
class CommitFailed extends Error {}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string") return code;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return "";
}

function causedBy(error: unknown, type: new (...args: never[]) => Error): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof type) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

/** A redirect to an internal address (other than the upstream's own origin) is never passed on. */
export function redirectsInside(location: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    return true;
  }
  if (url.origin === origin) return false;
  if (url.protocol !== "http:" && url.protocol !== "https:") return true;
  return isPrivateHost(url.hostname);
}

/**
 * One proxied call on undici's dispatch handler interface (the one its HTTP/1 client calls directly: no adapter,
 * no parsed header object, no Readable, no AbortController). The upstream's headers arrive as raw Buffers and go to
 * the client as a flat list. The answer waits for the billing commit (030); chunks that arrive meanwhile are held,
 * and back-pressure follows the client socket.
 */
export class ProxyExchange<T> implements Dispatcher.DispatchHandler, CommitWaiter {
  private abortUpstream: ((error: Error) => void) | null = null;
  private resumeUpstream: (() => void) | null = null;
  private paused = false;
  private headersSent = false;
  private ended = false;
  private done = false;
  private pending: Buffer[] | null = null;
  private bytesOut = 0;
  /** The upstream's status, once its headers arrived (the billing commit records it). */
  status = 0;
  private out: string[] | null = null;
  private drainHooked = false;
  private deadline: NodeJS.Timeout | null = null;
  /** True once the response deadline ended the exchange (the handler meters it as upstream_timeout). */
  timedOut = false;

  constructor(
    /** What the hooks need to know about the call. */
    readonly call: T,
    readonly res: CallResponse,
    private readonly origin: string,
    /** Gateway headers for the client (CORS, request id, limits), as a flat list. */
    private readonly extraHeaders: readonly string[],
    private readonly hooks: ExchangeHooks<T>,
  ) {}

  /** The client's socket drained: let the upstream go on. */
  drained(): void {
    if (this.paused) {
      this.paused = false;
      this.resumeUpstream?.();
    }
  }

  /**
   * Ends the exchange `ms` from now whatever the upstream is doing. The upstream's header and idle timeouts do not
   * cover an upstream that sends a byte now and then: each byte restarts the idle timer, so the client waited forever.
   * Before the status went out the client gets a 504; after it, the response is cut off (its status cannot change).
   */
  startDeadline(ms: number): void {
    if (this.done) return;
    this.deadline = setTimeout(() => this.deadlinePassed(), ms);
  }

  private deadlinePassed(): void {
    this.deadline = null;
    if (this.done) return;
    this.timedOut = true;
    const error = new DeadlineExceeded("the upstream took longer than the response deadline");
    // Still waiting for a connection (pool queue, connect): answer now; onConnect aborts the request when it starts.
    if (this.abortUpstream) this.abortUpstream(error);
    else this.onError(error);
  }

  private clearDeadline(): void {
    if (this.deadline) {
      clearTimeout(this.deadline);
      this.deadline = null;
    }
  }

  /** The client went away before the response finished. */
  clientGone(): void {
    if (this.done) return;
    this.abortUpstream?.(new ClientGone("client closed the connection"));
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abortUpstream = abort;
    if (this.timedOut) abort(new DeadlineExceeded("the upstream took longer than the response deadline"));
    else if (this.res.destroyed) abort(new ClientGone("client closed the connection"));
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (statusCode < 200) return true;
    this.resumeUpstream = resume;
    const out: string[] = [];
    const location = appendClientResponseHeaders(rawHeaders, out);
    if (statusCode >= 300 && statusCode < 400 && location && redirectsInside(location, this.origin)) {
      this.abortUpstream?.(new RedirectRefused("redirect to an internal address"));
      return false;
    }
    const extra = this.extraHeaders;
    for (let i = 0; i < extra.length; i++) out.push(extra[i] as string);
    this.status = statusCode;
    this.out = out;
    const committed = this.hooks.commit(this);
    if (committed === true) {
      this.writeHead();
      return true;
    }
    if (committed === false) {
      this.abortUpstream?.(new ClientGone("client closed the connection"));
      return false;
    }
    // Chunks arriving during the commit (one event-loop turn) are held; pausing and resuming the upstream parser
    // would cost more than holding a small response.
    this.pending = [];
    return true;
  }

  /** The billing commit is durable (error null) or failed. */
  committed(error: unknown): void {
    if (this.done) return;
    if (error !== null) {
      this.abortUpstream?.(new CommitFailed("billing commit failed", { cause: error }));
      return;
    }
    if (this.res.destroyed) {
      this.abortUpstream?.(new ClientGone("client closed the connection"));
      return;
    }
    this.writeHead();
  }

  private writeHead(): void {
    this.headersSent = true;
    this.hooks.started(this, this.status);
    this.res.writeHead(this.status, this.out ?? []);
    this.out = null;
    const held = this.pending;
    this.pending = null;
    if (held) for (const chunk of held) this.res.write(chunk);
    if (this.ended) this.finish(false);
    else if (this.paused && !this.res.writableNeedDrain) this.drained();
  }

  onData(chunk: Buffer): boolean {
    this.bytesOut += chunk.length;
    if (!this.headersSent) {
      const pending = this.pending ?? [];
      this.pending = pending;
      pending.push(chunk);
      // A large body arriving during the commit: stop reading until the headers are out.
      if (pending.length > 16) {
        this.paused = true;
        return false;
      }
      return true;
    }
    if (!this.res.write(chunk)) {
      this.paused = true;
      if (!this.drainHooked) {
        this.drainHooked = true;
        this.res.on("drain", () => this.drained());
      }
      return false;
    }
    return true;
  }

  onComplete(): void {
    this.ended = true;
    if (this.headersSent) this.finish(false);
  }

  private finish(broken: boolean): void {
    if (this.done) return;
    this.done = true;
    this.clearDeadline();
    if (broken) this.res.destroy();
    else this.res.end();
    this.hooks.finished(this, this.bytesOut, broken);
  }

  private failureKind(error: Error): FailureKind {
    if (causedBy(error, ClientGone) || this.res.destroyed) return "client_gone";
    if (causedBy(error, BodyTooLarge)) return "too_large";
    if (causedBy(error, RedirectRefused)) return "redirect";
    if (causedBy(error, DeadlineExceeded)) return "timeout";
    const code = errorCode(error);
    if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return "timeout";
    if (code === "EPRIVATEUPSTREAM") return "refused";
    return "unreachable";
  }

  onError(error: Error): void {
    if (this.done) return;
    if (this.headersSent) {
      // The upstream broke off mid-body (reset, idle timeout) or the client left: the response is cut off.
      this.finish(true);
      return;
    }
    this.done = true;
    this.clearDeadline();
    this.pending = null;
    this.hooks.failed(this, this.failureKind(error));
  }
}

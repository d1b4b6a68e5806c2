import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import type { UsageReason } from "../../core/metering/usage.types";
import type { CallRequest, CallResponse } from "../call-io";
import type { CallGrant, Gateway } from "../gateway-call";
import { runGrantedCall } from "../gateway-handler";

/*
 * An MCP tools/call as a gateway call: an in-memory request and response handed to the same stages as a call from
 * the network (key, subscription, limits, quota, proxy or mock, billing, usage record). The key, and for a one-API
 * session the API and subscription, come from the lookups the MCP endpoint made for the same HTTP request (a grant,
 * decision 152) and go through the same rules; nothing else is skipped, so the call is metered, counted and refused
 * exactly as a plain call to the same operation.
 */

/** Answers larger than this are cut (the call is still metered as the upstream answered it). */
export const MAX_TOOL_ANSWER_BYTES = 1024 * 1024;

export interface InternalCallInput {
  method: string;
  /** /{owner}/{slug}/{path}?query */
  url: string;
  /** Flat header list, as rawHeaders (taken over: content-length is appended to it). The key is in the grant. */
  rawHeaders: string[];
  body: string | null;
  clientIp: string;
}

export interface InternalAnswer {
  status: number;
  /** One header of the answer by lower-case name (a tool result reads one or two: no object of them all is made). */
  header(name: string): string | undefined;
  body: Buffer;
  truncated: boolean;
  /** What the gateway recorded: "ok"/"mock" when the API answered, else the refusal's reason. */
  reason: UsageReason;
  /** True when the API (its upstream or its mock) answered; false when the gateway answered for it. */
  answered: boolean;
}

class MemoryRequest implements CallRequest {
  readonly socket: { remoteAddress?: string };

  constructor(
    readonly method: string,
    readonly url: string,
    readonly rawHeaders: string[],
    private readonly body: Buffer | null,
    clientIp: string,
  ) {
    this.socket = { remoteAddress: clientIp };
  }

  resume(): void {}

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    if (this.body) yield this.body;
  }
}

/** The value of header `name` (lower case) in what the stages wrote: a flat list or an object, as writeHead takes. */
function headerValue(
  headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) {
      const key = String(headers[i]);
      if (key.length === name.length && key.toLowerCase() === name) return String(headers[i + 1]);
    }
    return undefined;
  }
  for (const key in headers) {
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const value = headers[key];
    if (value !== undefined) return Array.isArray(value) ? value.join(", ") : String(value);
  }
  return undefined;
}

/**
 * The response the stages write into. Not an EventEmitter: the stages only ever listen for one "close" (and "drain",
 * which an in-memory write never needs), and an emitter per call was a measurable share of a tools/call.
 */
class MemoryResponse implements CallResponse {
  headersSent = false;
  destroyed = false;
  writableFinished = false;
  readonly writableNeedDrain = false;
  status = 0;
  private written: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  private onClose: Array<() => void> | null = null;

  /**
   * `finished` runs once the answer ended or was destroyed, in a microtask: after the stage that ended it has finished
   * its own bookkeeping (the usage record's reason is read then), as an await of a promise would, without the promise.
   */
  constructor(private finished: (() => void) | null) {}

  private settle(): void {
    const finished = this.finished;
    this.finished = null;
    if (finished) queueMicrotask(finished);
  }

  on(_event: "drain", _listener: () => void): this {
    // Writes never wait: there is no drain.
    return this;
  }

  once(_event: "close", listener: () => void): this {
    if (this.onClose === null) this.onClose = [listener];
    else this.onClose.push(listener);
    return this;
  }

  private closed(): void {
    const listeners = this.onClose;
    this.onClose = null;
    if (listeners) for (const listener of listeners) listener();
  }

  writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    this.status = statusCode;
    this.written = headers;
    this.headersSent = true;
    return this;
  }

  write(chunk: Buffer | string): boolean {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    if (this.size + buffer.length > MAX_TOOL_ANSWER_BYTES) {
      this.truncated = true;
      const room = MAX_TOOL_ANSWER_BYTES - this.size;
      if (room > 0) this.chunks.push(buffer.subarray(0, room));
      this.size = MAX_TOOL_ANSWER_BYTES;
      return true;
    }
    this.chunks.push(buffer);
    this.size += buffer.length;
    return true;
  }

  end(chunk?: string | Buffer): this {
    if (this.writableFinished || this.destroyed) return this;
    if (chunk !== undefined) this.write(chunk);
    this.writableFinished = true;
    this.settle();
    this.closed();
    return this;
  }

  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.settle();
    this.closed();
    return this;
  }

  /** A property rather than a method: the answer hands it on as its own header(). */
  readonly header = (name: string): string | undefined => headerValue(this.written, name);

  body(): Buffer {
    // An answer of one chunk (the usual small JSON) is that chunk: no copy.
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.size);
  }
}

/**
 * Calls `onLeave` when the MCP client leaves before the answer (its HTTP request closed, or the SDK's request signal
 * aborted); returns the function that stops watching. A callback rather than an AbortSignal: one per call was a
 * measurable share of a tools/call.
 */
export type LeaveWatch = (onLeave: () => void) => () => void;

/**
 * Runs the call through the gateway's stages and hands its answer to `done`. The client leaving (`watchLeave`) ends
 * the call as a client that left would: recorded as 499, its reservation handed back.
 */
export function runThroughGateway(
  gateway: Gateway,
  input: InternalCallInput,
  grant: CallGrant,
  watchLeave: LeaveWatch | undefined,
  done: (answer: InternalAnswer) => void,
): void {
  const body = input.body === null ? null : Buffer.from(input.body);
  const rawHeaders = input.rawHeaders;
  if (body) rawHeaders.push("content-length", String(body.length));
  const req = new MemoryRequest(input.method, input.url, rawHeaders, body, input.clientIp);
  let unwatch: (() => void) | undefined;
  const res = new MemoryResponse(() => {
    unwatch?.();
    done({
      status: res.destroyed && !res.writableFinished ? 499 : res.status,
      header: res.header,
      body: res.body(),
      truncated: res.truncated,
      reason: call.record.reason,
      // A malformed address is answered before any record (apiId stays null): the gateway's answer, not the API's.
      answered: call.record.apiId !== null && (call.record.reason === "ok" || call.record.reason === "mock"),
    });
  });
  unwatch = watchLeave?.(() => res.destroy());
  const call = runGrantedCall(gateway, req, res, grant);
}

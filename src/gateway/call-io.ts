import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";

/*
 * What the call stages read of a request and write to a response: node:http's IncomingMessage and ServerResponse fit
 * as they are (the socket path, unchanged), and an in-memory pair fits too, so an MCP tools/call runs the very same
 * stages as a call from the network (gateway/mcp/internal-call.ts).
 */

export interface CallRequest extends AsyncIterable<unknown> {
  readonly url?: string | undefined;
  readonly method?: string | undefined;
  readonly rawHeaders: string[];
  readonly socket: { readonly remoteAddress?: string | undefined };
  resume(): unknown;
}

export interface CallResponse {
  readonly headersSent: boolean;
  readonly destroyed: boolean;
  readonly writableFinished: boolean;
  readonly writableNeedDrain: boolean;
  writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): unknown;
  write(chunk: Buffer): boolean;
  end(chunk?: string | Buffer): unknown;
  destroy(): unknown;
  on(event: "drain", listener: () => void): unknown;
  once(event: "close", listener: () => void): unknown;
}

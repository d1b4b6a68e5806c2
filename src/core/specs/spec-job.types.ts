import type { SpecDiff } from "./diff-endpoints";
import type { NormalizedSpecMeta, SpecStage } from "./normalize-spec.types";

/*
 * What crosses between the web process and a spec worker thread (structured clone): strings, numbers and byte arrays
 * only, never class instances. Large inputs travel as bytes (moved, not copied) and are decoded in the worker.
 */

/** A spec to read and normalize. */
export type SpecJobSource =
  | { kind: "text"; text: string }
  /** One uploaded file or a URL's body; `notText` is the refusal when the bytes are not UTF-8. */
  | { kind: "bytes"; bytes: Uint8Array; notText: { message: string; where: string } }
  /** Several files (an uploaded folder): path → text or UTF-8 bytes; relative `$ref`s between them are bundled. */
  | {
      kind: "files";
      files: Record<string, string | Uint8Array>;
      entry: string | null;
      /** Files a URL import could not fetch: path → why, for the refusal of a ref that names one. */
      unfetched?: Record<string, string>;
    }
  | { kind: "archive"; archive: Uint8Array; entry: string | null };

/** The parts of an operation of the current version a re-import diff compares, as stored. */
export interface StoredOperation {
  method: string;
  path: string;
  summary: string | null;
  parameters_json: string;
  request_body_json: string | null;
  responses_json: string;
}

export interface SpecJob {
  source: SpecJobSource;
  /** The current version's operations (empty for a first import). */
  previous: StoredOperation[];
  /** The current version's normalized document (JSON), where its operations' `$ref`s resolve; null for a first import. */
  previousDocument?: string | null;
}

/** One endpoint ready to store: the JSON columns already serialized (in the worker, not on the event loop). */
export interface PreparedEndpoint {
  kind: "operation" | "webhook";
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  tagsJson: string;
  parametersJson: string;
  requestBodyJson: string | null;
  responsesJson: string;
  securityJson: string | null;
}

/** A normalized spec in the shape the import stores, with its diff against the previous version. */
export interface PreparedSpec {
  /** The document as it is kept for download; null when the job's source was text (the caller holds it). */
  original: string | null;
  sourceFormat: string;
  version: string;
  /** The OpenAPI 3 document as JSON text. */
  normalizedDoc: string;
  endpoints: PreparedEndpoint[];
  diff: SpecDiff;
  /** What a catalog entry shows about the spec (the seed's directory import fills an API from it). */
  about: SpecAbout;
}

/** The spec's own description of itself: title, text, servers, links and the APIs.guru extensions. */
export interface SpecAbout {
  title: string;
  description: string | null;
  servers: string[];
  meta: NormalizedSpecMeta;
  docsUrl: string | null;
  contactUrl: string | null;
  termsOfService: string | null;
  /** The security schemes' types (apiKey, http, oauth2, openIdConnect), as declared. */
  securityTypes: string[];
}

/** Runs spec jobs: in this thread (seed, scripts, tests) or on a worker thread pool (the web service). */
export interface SpecProcessor {
  /** `onStage` hears each step as it starts ("queued" while the job waits for a free worker). */
  prepare(job: SpecJob, onStage?: (stage: SpecStage | "queued") => void): Promise<PreparedSpec>;
  close(): Promise<void>;
}

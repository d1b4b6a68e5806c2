import type { SpecDiff } from "../specs/diff-endpoints";
import type { SpecProcessor } from "../specs/spec-job.types";
import type { ImportProgressBoard, ImportStageReporter } from "./import-progress";

export type { ChangedOperation, ComparedPart, DiffOperation, SpecDiff } from "../specs/diff-endpoints";

/** Where an imported spec comes from: exactly one of these. */
export type SpecSource =
  | { text: string }
  | { url: string }
  /** One uploaded file, as posted (decoded off the event loop). */
  | { upload: { name: string; bytes: Uint8Array } }
  /** An uploaded folder: relative path → text or UTF-8 bytes; relative `$ref`s between them are bundled. */
  | { files: Record<string, string | Uint8Array>; entry?: string | null }
  /** A zip archive of such a folder. */
  | { archive: Uint8Array; entry?: string | null };

export interface ImportOptions {
  /** Operator switch: spec URLs may point at loopback/private/link-local hosts. */
  allowPrivateUrls?: boolean;
  fetchTimeoutMs?: number;
  /** Where the spec is parsed and normalized: the web service's worker threads; this thread when absent. */
  processor?: SpecProcessor;
  /** Wait for the followers' and subscribers' notifications of the new version before returning (tests). */
  awaitNotifications?: boolean;
  /** Hears each step as it starts (the studio's progress). */
  onStage?: ImportStageReporter;
}

/** What the web service hands its import routes: the worker pool and the progress of running imports. */
export interface SpecImportServices {
  processor: SpecProcessor;
  progress: ImportProgressBoard;
}

export interface ApiVersionSummary {
  id: string;
  version: string;
  /** "swagger-2.0", "openapi-3.0.3", "openapi-3.1.0" ... */
  sourceFormat: string;
  endpointsCount: number;
  createdAt: number;
  isCurrent: boolean;
}

export interface ImportResult {
  version: ApiVersionSummary;
  /** The version this import replaced as current, or null for a first import. */
  previousVersionId: string | null;
  diff: SpecDiff;
}

export interface SpecDocument {
  versionId: string;
  version: string;
  sourceFormat: string;
  kind: "original" | "normalized";
  /** "json" or "yaml": what the stored text is (normalized documents are always JSON). */
  format: "json" | "yaml";
  text: string;
}

export interface NormalizedParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  schema: unknown;
}

export interface NormalizedEndpoint {
  /** "webhook" for an OpenAPI 3.1 `webhooks` entry: `path` is then the webhook's name, not a URL path. */
  kind: "operation" | "webhook";
  /** Upper-case: GET, POST ... */
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  tags: string[];
  /** Path-level and operation-level parameters merged (operation wins), `$ref`s to components resolved. */
  parameters: NormalizedParameter[];
  /** OpenAPI 3 requestBody with its `$ref` resolved. */
  requestBody: unknown | null;
  /** Each response with its `$ref` resolved; schemas inside may keep internal `$ref`s. */
  responses: Record<string, unknown>;
  /** The operation's security, else the document's, else null. */
  security: unknown[] | null;
}

export interface NormalizedSpecMeta {
  categories: string[];
  logo: string | null;
  providerName: string | null;
  serviceName: string | null;
  origin: string | null;
}

export interface NormalizedSpec {
  /** "swagger-2.0", "openapi-3.0.3", "openapi-3.1.0" ... */
  sourceFormat: string;
  title: string;
  version: string;
  description: string | null;
  /** Absolute http(s) base URLs, server variables replaced by their defaults. */
  servers: string[];
  /** The OpenAPI 3.x document (converted from 2.0), internal `$ref`s kept: real specs have cycles. */
  document: Record<string, unknown>;
  endpoints: NormalizedEndpoint[];
  meta: NormalizedSpecMeta;
}

/** The steps of a normalization, reported as they start (the studio shows them for long imports). */
export type SpecStage = "reading" | "parsing" | "checking" | "converting" | "endpoints" | "comparing";

export interface NormalizeSpecOptions {
  /** Larger input is refused; defaults to 10 MB. */
  maxBytes?: number;
  /** Called as each step starts. */
  onStage?: (stage: SpecStage) => void;
}

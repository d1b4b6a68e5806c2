import type { NormalizedParameter } from "../specs/normalize-spec.types";
import type { SchemaNode } from "./schema-view";

/*
 * The shapes the API reference shows for one operation or webhook. Descriptions come twice: as text (summaries, the
 * try-it form) and as sanitized HTML rendered from their CommonMark (`descriptionHtml`).
 */

export interface EndpointParameterDetail {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  descriptionHtml: string | null;
  schema: SchemaNode | null;
  /** A value to prefill the try-it field with (example, default or first enum value), as text. */
  example: string | null;
  /** Allowed values as text, for a select in the try-it form. */
  options: string[] | null;
}

export interface NamedExample {
  /** The key in the media type's `examples` map; "example" for a single `example`, "generated" for a schema sample. */
  name: string;
  summary: string | null;
  /** Pretty-printed value. */
  value: string;
}

export interface MediaDetail {
  contentType: string;
  schema: SchemaNode | null;
  /** The first of `examples` (documented or generated from the schema); null when none can be made. */
  example: string | null;
  /** Every documented example, in document order (the page lets the reader pick one; try-it sends the picked one). */
  examples: NamedExample[];
}

export interface LinkDetail {
  name: string;
  /** The operationId or operationRef the link leads to. */
  target: string | null;
  description: string | null;
  /** "param ← $response.body#/id" lines. */
  parameters: string[];
}

export interface ResponseDetail {
  status: string;
  description: string | null;
  descriptionHtml: string | null;
  media: MediaDetail[];
  links: LinkDetail[];
  /** Response header names. */
  headers: string[];
}

export interface CallbackDetail {
  /** The callback's name in the operation. */
  name: string;
  /** The runtime expression of the URL ("{$request.body#/callbackUrl}"). */
  expression: string;
  method: string;
  summary: string | null;
  descriptionHtml: string | null;
  requestBody: MediaDetail[];
  responses: string[];
}

export interface ServerVariableDetail {
  name: string;
  defaultValue: string;
  /** The allowed values when the spec lists them (`enum`). */
  options: string[] | null;
  description: string | null;
}

/** A server of the spec (the provider's own base URL), as written, with its variables. */
export interface ServerDetail {
  /** The URL template ("https://{region}.example.com/v1"); may be relative to the spec's own address. */
  url: string;
  description: string | null;
  variables: ServerVariableDetail[];
}

export interface EndpointDetail {
  id: string;
  /** "webhook": sent by the API to the subscriber; documented, not callable through try-it. */
  kind: "operation" | "webhook";
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  descriptionHtml: string | null;
  deprecated: boolean;
  tags: string[];
  parameters: EndpointParameterDetail[];
  requestBody: {
    required: boolean;
    description: string | null;
    descriptionHtml: string | null;
    media: MediaDetail[];
  } | null;
  responses: ResponseDetail[];
  callbacks: CallbackDetail[];
  externalDocs: { url: string; description: string | null } | null;
  /** Names of the security schemes the operation accepts (any of). */
  security: string[];
  /** The spec's servers for this operation (none for webhooks: the API calls the subscriber). */
  servers: ServerDetail[];
}

/** What the try-it proxy needs to know about the operation being called. */
export interface EndpointTarget {
  apiId: string;
  versionId: string;
  endpointId: string;
  ownerUsername: string;
  apiSlug: string;
  method: string;
  path: string;
  parameters: NormalizedParameter[];
  /** Content types the request body accepts (empty: no body). */
  bodyContentTypes: string[];
  responses: Record<string, unknown>;
}

import { isValidHttpUrl } from "../../common/url";
import { renderSpecMarkdown } from "../content/content-markdown";
import { isPlainRecord } from "../specs/json-pointer";
import type { NormalizedParameter } from "../specs/normalize-spec.types";
import type {
  CallbackDetail,
  EndpointParameterDetail,
  LinkDetail,
  MediaDetail,
  NamedExample,
  ResponseDetail,
} from "./endpoint-detail.types";
import {
  buildSchemaView,
  compactJson,
  type ExampleDirection,
  exampleFromSchema,
  resolveExampleRefs,
  resolveSchemaRef,
} from "./schema-view";

/*
 * The parts of one operation's reference: media types with all their named examples, parameters, responses with
 * links and headers, callbacks. Everything is bounded (media types, examples, responses, callbacks) so an enormous
 * operation stays a small answer; descriptions are rendered from CommonMark and sanitized.
 */

type Doc = Record<string, unknown>;

const MAX_MEDIA = 8;
const MAX_EXAMPLES = 30;
const MAX_RESPONSES = 30;
const MAX_CALLBACKS = 10;
const MAX_LINKS = 10;
const MAX_EXAMPLE_TEXT = 64 * 1024;
const MAX_DESCRIPTION = 20_000;

export function markdownHtml(value: unknown): Promise<string | null> {
  if (typeof value !== "string" || value.trim() === "") return Promise.resolve(null);
  return renderSpecMarkdown(value.slice(0, MAX_DESCRIPTION));
}

export function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  return compactJson(value, 2000) ?? null;
}

function prettyExample(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === "string") return value.slice(0, MAX_EXAMPLE_TEXT);
  try {
    const text = JSON.stringify(value, null, 2);
    return text === undefined ? null : text.slice(0, MAX_EXAMPLE_TEXT);
  } catch {
    return null;
  }
}

function namedExamples(document: Doc, media: Record<string, unknown>): NamedExample[] {
  const out: NamedExample[] = [];
  if (media.example !== undefined) {
    const value = prettyExample(resolveExampleRefs(document, media.example));
    if (value !== null) out.push({ name: "example", summary: null, value });
  }
  if (isPlainRecord(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples).slice(0, MAX_EXAMPLES)) {
      const example = resolveSchemaRef(document, raw).schema;
      if (!isPlainRecord(example)) continue;
      const value =
        example.value !== undefined
          ? prettyExample(resolveExampleRefs(document, example.value))
          : typeof example.externalValue === "string"
            ? example.externalValue
            : null;
      if (value === null) continue;
      out.push({ name, summary: typeof example.summary === "string" ? example.summary.slice(0, 200) : null, value });
    }
  }
  return out;
}

/** The media types of a request body or response, each with its schema tree and every named example. */
export function mediaOf(document: Doc, content: unknown, generate: ExampleDirection | null): MediaDetail[] {
  if (!isPlainRecord(content)) return [];
  return Object.entries(content)
    .slice(0, MAX_MEDIA)
    .map(([contentType, rawMedia]) => {
      const media = resolveSchemaRef(document, rawMedia).schema;
      if (!isPlainRecord(media)) return { contentType, schema: null, example: null, examples: [] };
      const schema = media.schema === undefined ? null : buildSchemaView(document, media.schema);
      const examples = namedExamples(document, media);
      if (examples.length === 0 && generate !== null && media.schema !== undefined) {
        const value = prettyExample(exampleFromSchema(document, media.schema, generate));
        if (value !== null) examples.push({ name: "generated", summary: null, value });
      }
      return { contentType, schema, example: examples[0]?.value ?? null, examples };
    });
}

export async function parameterDetail(document: Doc, p: NormalizedParameter): Promise<EndpointParameterDetail> {
  const schema = p.schema === null || p.schema === undefined ? null : resolveSchemaRef(document, p.schema).schema;
  let example: unknown;
  let options: string[] | null = null;
  if (isPlainRecord(schema)) {
    if (schema.example !== undefined) example = schema.example;
    else if (schema.default !== undefined) example = schema.default;
    else if (schema.const !== undefined) example = schema.const;
    if (Array.isArray(schema.enum)) options = schema.enum.slice(0, 100).map((v) => asText(v) ?? "");
  }
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    description: p.description,
    descriptionHtml: await markdownHtml(p.description),
    schema: p.schema === null || p.schema === undefined ? null : buildSchemaView(document, p.schema),
    example: asText(example),
    options,
  };
}

function linksOf(document: Doc, links: unknown): LinkDetail[] {
  if (!isPlainRecord(links)) return [];
  return Object.entries(links)
    .slice(0, MAX_LINKS)
    .map(([name, raw]) => {
      const link = resolveSchemaRef(document, raw).schema;
      const l = isPlainRecord(link) ? link : {};
      const target = typeof l.operationId === "string" ? l.operationId : asText(l.operationRef);
      const parameters = isPlainRecord(l.parameters)
        ? Object.entries(l.parameters)
            .slice(0, 20)
            .map(([param, expr]) => `${param} ← ${asText(expr) ?? ""}`)
        : [];
      return { name, target, description: typeof l.description === "string" ? l.description : null, parameters };
    });
}

export async function responsesOf(document: Doc, responses: Record<string, unknown>): Promise<ResponseDetail[]> {
  return Promise.all(
    Object.entries(responses)
      .slice(0, MAX_RESPONSES)
      .map(async ([status, raw]) => {
        const response = resolveSchemaRef(document, raw).schema;
        const r = isPlainRecord(response) ? response : {};
        return {
          status,
          description: typeof r.description === "string" ? r.description : null,
          descriptionHtml: await markdownHtml(r.description),
          media: mediaOf(document, r.content, null),
          links: linksOf(document, r.links),
          headers: isPlainRecord(r.headers) ? Object.keys(r.headers).slice(0, 30) : [],
        };
      }),
  );
}

/** An operation's callbacks: each named callback's URL expression and the requests the API sends to it. */
export async function callbacksOf(document: Doc, callbacks: unknown): Promise<CallbackDetail[]> {
  if (!isPlainRecord(callbacks)) return [];
  const out: Array<Promise<CallbackDetail>> = [];
  for (const [name, raw] of Object.entries(callbacks).slice(0, MAX_CALLBACKS)) {
    const callback = resolveSchemaRef(document, raw).schema;
    if (!isPlainRecord(callback)) continue;
    for (const [expression, rawItem] of Object.entries(callback).slice(0, MAX_CALLBACKS)) {
      const item = resolveSchemaRef(document, rawItem).schema;
      if (!isPlainRecord(item)) continue;
      for (const [method, rawOperation] of Object.entries(item)) {
        if (!/^(get|put|post|delete|options|head|patch|trace)$/.test(method) || !isPlainRecord(rawOperation)) continue;
        const op = rawOperation;
        const body = resolveSchemaRef(document, op.requestBody).schema;
        out.push(
          markdownHtml(op.description).then((descriptionHtml) => ({
            name,
            expression,
            method: method.toUpperCase(),
            summary: typeof op.summary === "string" ? op.summary : null,
            descriptionHtml,
            requestBody: isPlainRecord(body) ? mediaOf(document, body.content, "request") : [],
            responses: isPlainRecord(op.responses) ? Object.keys(op.responses).slice(0, 20) : [],
          })),
        );
      }
    }
  }
  return Promise.all(out.slice(0, MAX_CALLBACKS * 2));
}

export function externalDocsOf(value: unknown): { url: string; description: string | null } | null {
  if (!isPlainRecord(value) || typeof value.url !== "string") return null;
  const url = value.url.trim();
  if (!isValidHttpUrl(url)) return null;
  return { url, description: typeof value.description === "string" ? value.description.slice(0, 300) : null };
}

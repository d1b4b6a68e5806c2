import { bundleSpecFiles } from "./bundle-spec-files";
import { type ComparableOperation, diffEndpoints } from "./diff-endpoints";
import { type NormalizedSpec, normalizeParsedSpec, normalizeSpec } from "./normalize-spec";
import type { SpecStage } from "./normalize-spec.types";
import { preparedEndpoint } from "./prepared-endpoint";
import { readZipArchive } from "./read-zip-archive";
import { specError } from "./spec-errors";
import type { PreparedSpec, SpecAbout, SpecJob, SpecJobSource, SpecProcessor, StoredOperation } from "./spec-job.types";

type OnStage = (stage: SpecStage) => void;

/**
 * Reads and normalizes a spec source: one text, one file's bytes, an uploaded folder's files (bundled) or a zip
 * archive. `original` is what an import keeps for download: the text as given, or for several files the bundle.
 */
export async function normalizeSpecSource(
  source: SpecJobSource,
  onStage: OnStage = () => {},
): Promise<{ original: string; spec: NormalizedSpec }> {
  if (source.kind === "text") return { original: source.text, spec: await normalizeSpec(source.text, { onStage }) };
  onStage("reading");
  if (source.kind === "bytes") {
    const text = decodeUtf8(source.bytes, source.notText);
    return { original: text, spec: await normalizeSpec(text, { onStage }) };
  }
  const files =
    source.kind === "archive"
      ? readZipArchive(source.archive)
      : Object.fromEntries(
          Object.entries(source.files).map(([name, content]) => [
            name,
            typeof content === "string"
              ? content
              : decodeUtf8(content, { message: `${name} is not UTF-8 text`, where: name }),
          ]),
        );
  const unfetched = source.kind === "files" ? source.unfetched : undefined;
  const names = Object.keys(files);
  const onlyText = names.length === 1 && names[0] !== undefined ? files[names[0]] : undefined;
  if (onlyText !== undefined) {
    // One file: refs to files that are not there are refused by name; its text is kept byte for byte.
    bundleSpecFiles(files, source.entry, unfetched);
    return { original: onlyText, spec: await normalizeSpec(onlyText, { onStage }) };
  }
  onStage("parsing");
  const bundle = bundleSpecFiles(files, source.entry, unfetched);
  // The original of a multi-file upload is the bundle before conversion: one downloadable document.
  const original = JSON.stringify(bundle.document, null, 2);
  return { original, spec: await normalizeParsedSpec(bundle.document, original, { onStage }) };
}

/**
 * A spec job from start to finish: normalize, serialize what the import stores and diff against the previous
 * version, so the web process only receives strings to insert (cheap to pass between threads).
 */
export async function prepareSpec(job: SpecJob, onStage: OnStage = () => {}): Promise<PreparedSpec> {
  const { original, spec } = await normalizeSpecSource(job.source, onStage);
  onStage("comparing");
  // The previous document lets the diff follow $refs into shared components on both sides (decision 081).
  const before = job.previousDocument ? (JSON.parse(job.previousDocument) as unknown) : null;
  const diff = diffEndpoints(
    job.previous.map(comparableOperation),
    spec.endpoints,
    before === null ? undefined : { before, after: spec.document },
  );
  return {
    original: job.source.kind === "text" ? null : original,
    sourceFormat: spec.sourceFormat,
    version: spec.version,
    normalizedDoc: JSON.stringify(spec.document),
    endpoints: spec.endpoints.map(preparedEndpoint),
    diff,
    about: specAbout(spec),
  };
}

function stringAt(value: unknown, key: string): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === "string" ? found : null;
}

function specAbout(spec: NormalizedSpec): SpecAbout {
  const { document } = spec;
  const info = document.info;
  const components = document.components;
  const schemes =
    components !== null && typeof components === "object" && !Array.isArray(components)
      ? (components as Record<string, unknown>).securitySchemes
      : undefined;
  const securityTypes =
    schemes !== null && typeof schemes === "object" && !Array.isArray(schemes)
      ? Object.values(schemes as Record<string, unknown>)
          .map((scheme) => stringAt(scheme, "type"))
          .filter((type): type is string => type !== null)
      : [];
  const contact = info !== null && typeof info === "object" ? (info as Record<string, unknown>).contact : undefined;
  return {
    title: spec.title,
    description: spec.description,
    servers: spec.servers,
    meta: spec.meta,
    docsUrl: stringAt(document.externalDocs, "url"),
    contactUrl: stringAt(contact, "url"),
    termsOfService: stringAt(info, "termsOfService"),
    securityTypes: [...new Set(securityTypes)],
  };
}

/** Runs spec jobs in the calling thread: for the seed, scripts and tests, where nothing else waits on the loop. */
export const inProcessSpecProcessor: SpecProcessor = {
  prepare: (job, onStage) => prepareSpec(job, onStage),
  close: async () => {},
};

/** A stored operation in the shape the diff compares (JSON columns parsed). */
export function comparableOperation(row: StoredOperation): ComparableOperation {
  return {
    method: row.method,
    path: row.path,
    summary: row.summary,
    parameters: JSON.parse(row.parameters_json) as unknown,
    requestBody: row.request_body_json === null ? null : (JSON.parse(row.request_body_json) as unknown),
    responses: JSON.parse(row.responses_json) as unknown,
  };
}

function decodeUtf8(bytes: Uint8Array, notText: { message: string; where: string }): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw specError(notText.message, notText.where);
  }
}

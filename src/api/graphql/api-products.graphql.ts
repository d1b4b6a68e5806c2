import { z } from "zod";
import type { Config } from "../../config";
import {
  createApi,
  deleteApi,
  listCategoryOptions,
  listMyApis,
  requireEditableApi,
  updateApi,
} from "../../core/api-products/api-products.service";
import type { EditableApi, MyApi } from "../../core/api-products/api-products.types";
import { getApiSpecExtensions } from "../../core/api-specs/api-spec-extensions.service";
import { importApiSpec, listApiVersions } from "../../core/api-specs/api-specs.service";
import type { ApiVersionSummary, ImportResult, SpecSource } from "../../core/api-specs/api-specs.types";
import { getImportProgress, PROGRESS_TOKEN } from "../../core/api-specs/import-progress";
import { folderUploads, type SpecUpload, specSourceFromUploads } from "../../core/api-specs/spec-uploads";
import { AppError } from "../../core/errors/app-error";
import { SPEC_UPLOAD_LIMITS } from "../../core/specs/bundle-spec-files";
import { toUseCaseContext } from "../../core/use-case-context";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";

/*
 * Provider studio over GraphQL: the viewer's APIs per context, create/update/delete, and OpenAPI import (text, URL or
 * a folder's files; text rides in the 256 KB GraphQL body, larger specs go by URL or the studio's upload form).
 */
export const apiProductsTypeDefs = /* GraphQL */ `
  "An API as its provider edits it."
  type EditableApi {
    id: ID!
    ownerUsername: String!
    name: String!
    slug: String!
    categoryId: ID
    shortDescription: String!
    readme: String!
    visibility: String!
    website: String
    termsOfUse: String
    thumbnail: String
    upstreamUrl: String
    "What the health probe calls on the upstream, such as /health; null: the base URL."
    healthPath: String
    features: [String!]!
    resources: [ApiResource!]!
    currentVersionId: ID
    version: String
    endpointsCount: Int!
    updatedAt: String!
  }
  type MyApi {
    id: ID!
    name: String!
    slug: String!
    ownerUsername: String!
    shortDescription: String!
    visibility: String!
    thumbnail: String
    categoryName: String
    version: String
    endpointsCount: Int!
    updatedAt: String!
  }
  type PublishingContext {
    "User or Organization"
    type: String!
    ownerId: ID!
    name: String!
    ownerUsername: String!
  }
  type MyApis {
    context: PublishingContext!
    apis: [MyApi!]!
  }
  type CategoryOption {
    id: ID!
    name: String!
    slug: String!
  }
  type ApiVersion {
    id: ID!
    version: String!
    sourceFormat: String!
    endpointsCount: Int!
    createdAt: String!
    isCurrent: Boolean!
  }
  type DiffOperation {
    method: String!
    path: String!
    summary: String
  }
  type ChangedOperation {
    method: String!
    path: String!
    summary: String
    "summary, parameters, requestBody, responses"
    parts: [String!]!
  }
  type SpecDiff {
    added: [DiffOperation!]!
    removed: [DiffOperation!]!
    changed: [ChangedOperation!]!
    unchanged: Int!
  }
  "Where one vendor extension is used: level is document, path or operation; value is its JSON text."
  type SpecExtensionUse {
    level: String!
    pointer: String!
    path: String
    method: String
    value: String!
    truncated: Boolean!
  }
  "A vendor extension (x- key) of an API's spec, with every place it is used."
  type SpecExtension {
    name: String!
    uses: [SpecExtensionUse!]!
  }
  "How far one of the viewer's running spec imports got (the studio polls it for imports that take a while)."
  type SpecImportProgress {
    "queued, fetching, reading, parsing, checking, converting, endpoints, comparing, saving, done or failed"
    stage: String!
    "How many endpoints are being stored (stage saving), else null."
    endpoints: Int
    elapsedMs: Int!
  }
  type SpecImport {
    version: ApiVersion!
    previousVersionId: ID
    diff: SpecDiff!
  }
  input ApiInput {
    name: String
    slug: String
    categoryId: ID
    shortDescription: String
    readme: String
    "PUBLIC or PRIVATE"
    visibility: String
    website: String
    termsOfUse: String
    thumbnail: String
    upstreamUrl: String
    "What the health probe calls on the upstream, such as /health (a path on the upstream URL); empty clears it."
    healthPath: String
    "The About tab's features (benefits), in order; replaces the list."
    features: [String!]
    "The About tab's resources (title and http(s) link), in order; replaces the list."
    resources: [ApiResourceInput!]
  }
  input ApiResourceInput {
    title: String!
    url: String!
  }
  "An uploaded file (GraphQL multipart request spec)."
  scalar File
  input SpecFileInput {
    "Path inside the uploaded folder, e.g. schemas/pet.yaml"
    path: String!
    text: String!
  }
  extend type Query {
    "Studio list: the APIs of the personal context, or of an organization (or team) the viewer publishes for."
    myApis(contextId: ID): MyApis!
    "The API's editable fields; only for who may edit it."
    editableApi(apiId: ID!): EditableApi!
    apiVersions(apiId: ID!): [ApiVersion!]!
    "The vendor extensions of the current spec version, or of versionId; empty before any import."
    apiExtensions(apiId: ID!, versionId: ID): [SpecExtension!]!
    apiCategoryOptions: [CategoryOption!]!
    "The progress of the viewer's own import started with this progressToken; null when unknown or finished long ago."
    specImportProgress(token: String!): SpecImportProgress
  }
  extend type Mutation {
    createApi(input: ApiInput!, contextId: ID): EditableApi!
    updateApi(apiId: ID!, input: ApiInput!): EditableApi!
    deleteApi(apiId: ID!): Boolean!
    """
    Imports a spec as a new version: exactly one of text, url, files (+ entry) or upload (+ entry). upload takes
    uploaded files as a GraphQL multipart request: one JSON/YAML file, one zip archive, or the files of a folder.
    progressToken (8-64 letters, digits, - or _) names the import for specImportProgress while it runs.
    """
    importApiSpec(
      apiId: ID!
      text: String
      url: String
      files: [SpecFileInput!]
      upload: [File!]
      "Each upload's path inside its folder (paths/pets.yaml), in upload order: multipart parsers keep only a file name's last segment, so sub-folders travel here."
      uploadPaths: [String!]
      entry: String
      progressToken: String
    ): SpecImport!
  }
`;

const id = z.string().min(1).max(100);
const importArgs = z.object({
  apiId: id,
  text: z.string().nullish(),
  url: z.string().max(2048).nullish(),
  files: z
    .array(z.object({ path: z.string().min(1).max(500), text: z.string() }))
    .max(SPEC_UPLOAD_LIMITS.maxFiles)
    .nullish(),
  upload: z
    .array(
      z.custom<SpecUpload>(
        (v) =>
          typeof v === "object" &&
          v !== null &&
          typeof (v as SpecUpload).name === "string" &&
          typeof (v as SpecUpload).size === "number" &&
          typeof (v as SpecUpload).arrayBuffer === "function",
        { message: "upload takes files (a GraphQL multipart request)" },
      ),
    )
    .max(SPEC_UPLOAD_LIMITS.maxFiles)
    .nullish(),
  uploadPaths: z.array(z.string().min(1).max(500)).max(SPEC_UPLOAD_LIMITS.maxFiles).nullish(),
  entry: z.string().max(500).nullish(),
  progressToken: z.string().regex(PROGRESS_TOKEN, "progressToken takes 8-64 letters, digits, - or _").nullish(),
});

async function sourceOf(args: z.infer<typeof importArgs>): Promise<SpecSource> {
  const given = [args.text, args.url, args.files, args.upload].filter((v) => v !== null && v !== undefined);
  if (given.length !== 1) throw new AppError("BAD_REQUEST", "Give the spec as text, a URL or files (one of them)");
  if (typeof args.text === "string") return { text: args.text };
  if (typeof args.url === "string") return { url: args.url };
  // The studio upload's rules and messages (one file, one archive, or a folder's files; UTF-8 text).
  if (args.upload) {
    if (args.uploadPaths && args.uploadPaths.length !== args.upload.length) {
      throw new AppError("BAD_REQUEST", "uploadPaths must name every upload, in the order of upload");
    }
    const uploads = args.uploadPaths ? folderUploads(args.upload, args.uploadPaths) : args.upload;
    if (uploads.length === 0) throw new AppError("BAD_REQUEST", "The folder holds no JSON or YAML files");
    return specSourceFromUploads(uploads, args.entry ?? null);
  }
  const files = Object.fromEntries((args.files ?? []).map((f) => [f.path, f.text]));
  return { files, entry: args.entry ?? null };
}

const editableNode = (api: EditableApi) => ({ ...api, updatedAt: iso(api.updatedAt) });
const myApiNode = (api: MyApi) => ({ ...api, updatedAt: iso(api.updatedAt) });
const versionNode = (v: ApiVersionSummary) => ({ ...v, createdAt: iso(v.createdAt) });
const importNode = (r: ImportResult) => ({ ...r, version: versionNode(r.version) });

export function createApiProductsResolvers(config: Config) {
  const writeOptions = { allowPrivateUpstreams: config.GATEWAY_ALLOW_PRIVATE_UPSTREAMS };
  return {
    Query: {
      myApis: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { contextId } = argsOf(z.object({ contextId: id.nullish() }), args);
        const result = await listMyApis(toUseCaseContext(ctx), contextId);
        return { context: result.context, apis: result.apis.map(myApiNode) };
      },
      editableApi: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
        editableNode(await requireEditableApi(toUseCaseContext(ctx), argsOf(z.object({ apiId: id }), args).apiId)),
      apiVersions: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
        (
          await listApiVersions(
            { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
            argsOf(z.object({ apiId: id }), args).apiId,
          )
        ).map(versionNode),
      apiExtensions: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { apiId, versionId } = argsOf(z.object({ apiId: id, versionId: id.nullish() }), args);
        const result = await getApiSpecExtensions(
          { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
          apiId,
          versionId,
        );
        return result.extensions.map((e) => ({
          name: e.name,
          uses: e.uses.map(({ valueJson, ...use }) => ({ ...use, value: valueJson })),
        }));
      },
      apiCategoryOptions: (_: unknown, __: unknown, ctx: GraphQLContext) => listCategoryOptions(ctx.db, ctx.tenant.id),
      specImportProgress: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { token } = argsOf(z.object({ token: z.string().max(100) }), args);
        return getImportProgress(ctx.specImports.progress, ctx.tenant.id, ctx.viewer, token);
      },
    },
    Mutation: {
      createApi: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const parsed = argsOf(z.object({ input: z.record(z.string(), z.unknown()), contextId: id.nullish() }), args);
        const input = { ...withoutNulls(parsed.input), contextId: parsed.contextId ?? null };
        return editableNode(await createApi(toUseCaseContext(ctx), input, writeOptions));
      },
      updateApi: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const parsed = argsOf(z.object({ apiId: id, input: z.record(z.string(), z.unknown()) }), args);
        return editableNode(
          await updateApi(toUseCaseContext(ctx), parsed.apiId, withoutUndefined(parsed.input), writeOptions),
        );
      },
      deleteApi: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        deleteApi(toUseCaseContext(ctx), argsOf(z.object({ apiId: id }), args).apiId),
      importApiSpec: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const parsed = argsOf(importArgs, args);
        const { processor, progress } = ctx.specImports;
        const onStage = ctx.viewer ? progress.track(ctx.tenant.id, ctx.viewer.id, parsed.progressToken) : undefined;
        const result = await importApiSpec(
          { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
          parsed.apiId,
          await sourceOf(parsed),
          {
            allowPrivateUrls: config.SPEC_IMPORT_ALLOW_PRIVATE_URLS,
            processor,
            onStage,
          },
        );
        return importNode(result);
      },
    },
  };
}

// GraphQL input objects carry omitted fields as undefined and explicit nulls as null.
function withoutUndefined(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
}

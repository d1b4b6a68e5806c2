import type { Db } from "../../db/connection";
import type { Viewer } from "../accounts/accounts.types";
import { listApiEndpoints } from "../catalog/api-endpoints.service";
import { getApiDetail, listApis } from "../catalog/catalog.service";
import type { ApiCard, EndpointSummary } from "../catalog/catalog.types";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { apiLlmsTxt, apiMarkdown, siteLlmsTxt } from "./llms-text";

/** At most this many APIs in the site's llms.txt and operations per API (most popular / spec order first). */
export const LLMS_MAX_APIS = 1_000;
export const LLMS_MAX_OPERATIONS = 1_000;
const PAGE = 100;

export interface LlmsUrls {
  siteUrl: string;
  gatewayUrl: string;
}

/** The site's llms.txt: the APIs `viewer` may see (public ones, and private ones given to them), most popular first. */
export async function siteLlms(ctx: UseCaseContext, input: LlmsUrls & { brandName: string }): Promise<string> {
  const { db, tenantId, viewer } = ctx;
  const apis: ApiCard[] = [];
  let total = 0;
  for (let offset = 0; offset < LLMS_MAX_APIS; offset += PAGE) {
    const page = await listApis(db, tenantId, { offset, limit: PAGE }, viewer);
    total = page.total;
    apis.push(...page.items);
    if (page.items.length < PAGE || apis.length >= total) break;
  }
  return siteLlmsTxt({ ...input, apis, totalApis: total });
}

async function loadApi(db: Db, tenantId: string, viewer: Viewer | null, owner: string, slug: string) {
  const api = await getApiDetail(db, tenantId, owner, slug, viewer);
  if (!api) throw new AppError("NOT_FOUND", "API not found");
  const endpoints: EndpointSummary[] = [];
  let total = 0;
  for (let offset = 0; offset < LLMS_MAX_OPERATIONS; offset += PAGE) {
    const page = await listApiEndpoints(db, tenantId, api.id, { offset, limit: PAGE }, viewer);
    total = page.total;
    endpoints.push(...page.items);
    if (page.items.length < PAGE || endpoints.length >= total) break;
  }
  return { api, endpoints, totalEndpoints: total };
}

/**
 * An API's llms.txt or Markdown page, under the API page's visibility rule (a private API is "not found" to anyone
 * it was not given to). `specDownload` says whether the reader may download the spec (the Specs tab switch).
 */
export async function apiLlms(
  ctx: UseCaseContext,
  input: LlmsUrls & { owner: string; slug: string; format: "llms" | "markdown"; specDownload: boolean },
): Promise<string> {
  const { db, tenantId, viewer } = ctx;
  const loaded = await loadApi(db, tenantId, viewer, input.owner, input.slug);
  const version = loaded.api.currentVersion;
  const specDownloadUrl =
    input.specDownload && version
      ? `${input.siteUrl}/resources/spec/${encodeURIComponent(input.owner)}/${encodeURIComponent(input.slug)}/${version.id}/original`
      : null;
  const data = { ...input, ...loaded, specDownloadUrl };
  return input.format === "llms" ? apiLlmsTxt(data) : apiMarkdown(data);
}

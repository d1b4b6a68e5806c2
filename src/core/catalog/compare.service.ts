import type { QuotaPeriod } from "../../db/tables/gateway.tables";
import { privateApiIdsFor } from "../access/private-apis.service";
import { AppError } from "../errors/app-error";
import { listPlansForApi } from "../plans/plans.service";
import type { UseCaseContext } from "../use-case-context";
import { toApiCard } from "./api-read-model";
import type { ApiCard } from "./catalog.types";
import { selectCompareRows, selectProtocolHints } from "./compare.queries";

/** Spec: pick 2 to 4 APIs to see side by side. */
export const COMPARE_MAX = 4;
export const COMPARE_MIN = 2;
export const TOO_MANY_TO_COMPARE = `You can compare at most ${COMPARE_MAX} APIs at a time`;

export interface ComparePlan {
  name: string;
  monthlyPriceCents: number;
  currency: string;
  isFree: boolean;
  recommended: boolean;
  /** 'no rate limit', 'one request per {unit}', '{count} requests per {unit}' */
  rateLimitText: string;
  /** "1000 / mo" or "unlimited" */
  quotaText: string;
  /** The quota as numbers, for locale formatting; null when unlimited. */
  quota: number | null;
  quotaPeriod: QuotaPeriod;
  hardLimit: boolean;
}

/** One column of the compare table: the API's card, its plans, protocols and spec. */
export interface CompareEntry extends Omit<ApiCard, "popularity"> {
  /** "owner/slug" as used in the shareable URL. */
  ref: string;
  /** The least expensive public plan that is not deprecated; null when the API has no plans yet. */
  cheapestPlan: ComparePlan | null;
  /** Public, non-deprecated plans by position (rate limits and quotas). */
  plans: ComparePlan[];
  authType: string | null;
  endpointsCount: number;
  protocols: string[];
  specFormat: string | null;
  version: string | null;
  /** Null, like latency, service level and health check, when the tenant hides API scores. */
  popularity: number | null;
  healthCheck: number | null;
}

export interface CompareProblem {
  ref: string;
  message: string;
}

export interface CompareResult {
  /** In the order the refs were given, duplicates dropped. */
  items: CompareEntry[];
  /** Refs that are malformed, or name no API this viewer may see (both get the same "not found" for privacy). */
  problems: CompareProblem[];
}

// Usernames as on the API page route (letters, digits, "_" and "-"); slugs lower-case words joined by "-".
const REF = /^([A-Za-z0-9][A-Za-z0-9_-]{0,99})\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Splits "owner/slug"; null when it is not one. */
export function parseApiRef(ref: string): { ownerUsername: string; slug: string } | null {
  const match = REF.exec(ref.trim());
  if (!match?.[1] || !match[2]) return null;
  return { ownerUsername: match[1], slug: match[2] };
}

/** Reads the `apis` URL parameter ("owner/slug,owner/slug"): trimmed, empty parts and duplicates dropped. */
export function parseCompareParam(value: string | null): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(",")) {
    const ref = part.trim();
    if (ref) seen.add(ref);
  }
  return [...seen];
}

function protocolsOf(hint: { total: number; graphql: number; soap: number } | undefined, format: string | null) {
  const protocols: string[] = [];
  if (!hint || hint.total === 0) return format ? ["REST"] : [];
  if (hint.total > hint.graphql + hint.soap) protocols.push("REST");
  if (hint.graphql > 0) protocols.push("GraphQL");
  if (hint.soap > 0) protocols.push("SOAP");
  return protocols;
}

/**
 * The APIs named by `refs` ("owner/slug"), side by side: pricing and cheapest plan, rate limits and quotas, auth,
 * endpoints, protocols, popularity, latency, service level, rating, followers, last updated. PRIVATE APIs appear only
 * when `viewer` may see them; anything else is reported in `problems`. More than COMPARE_MAX refs is refused.
 */
export async function compareApis(
  ctx: UseCaseContext,
  refs: readonly string[],
  options: { hideScores?: boolean } = {},
): Promise<CompareResult> {
  const { db, tenantId, viewer } = ctx;
  // The tenant's "hide API scores" switch hides the metrics here as on the About tab: they never leave the server.
  const scores = !options.hideScores;
  const unique = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
  if (unique.length > COMPARE_MAX) throw new AppError("BAD_REQUEST", TOO_MANY_TO_COMPARE, { max: COMPARE_MAX });
  const problems: CompareProblem[] = [];
  const parsed: Array<{ ref: string; ownerUsername: string; slug: string }> = [];
  for (const ref of unique) {
    const p = parseApiRef(ref);
    if (p) parsed.push({ ref, ...p });
    else problems.push({ ref, message: `“${ref.slice(0, 80)}” is not an API reference (owner/api-slug)` });
  }
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const rows = await selectCompareRows(db, tenantId, parsed, privateIds);
  const versionIds = rows.map((r) => r.version_id).filter((id): id is string => id !== null);
  const [hints, plansPerApi] = await Promise.all([
    selectProtocolHints(db, tenantId, versionIds),
    Promise.all(rows.map((r) => listPlansForApi(db, tenantId, r.id))),
  ]);
  const hintByVersion = new Map(
    hints.map((h) => [
      h.version_id,
      { total: Number(h.total), graphql: Number(h.graphql ?? 0), soap: Number(h.soap ?? 0) },
    ]),
  );
  const items: CompareEntry[] = [];
  for (const want of parsed) {
    const index = rows.findIndex((r) => r.owner_username === want.ownerUsername && r.slug === want.slug);
    const row = rows[index];
    if (!row) {
      problems.push({ ref: want.ref, message: `No API found at ${want.ref}` });
      continue;
    }
    const plans: ComparePlan[] = (plansPerApi[index] ?? [])
      .filter((p) => !p.deprecated)
      .map((p) => ({
        name: p.name,
        monthlyPriceCents: p.monthlyPriceCents,
        currency: p.currency,
        isFree: p.isFree,
        recommended: p.recommended,
        rateLimitText: p.rateLimitText,
        quotaText: p.quotaText,
        quota: p.quota,
        quotaPeriod: p.quotaPeriod,
        hardLimit: p.hardLimit,
      }));
    const cheapestPlan = plans.reduce<ComparePlan | null>(
      (best, p) => (best === null || p.monthlyPriceCents < best.monthlyPriceCents ? p : best),
      null,
    );
    const card = toApiCard(row);
    items.push({
      ...card,
      ref: `${row.owner_username}/${row.slug}`,
      cheapestPlan,
      plans,
      authType: row.auth_type,
      endpointsCount: Number(row.endpoints_count ?? 0),
      protocols: protocolsOf(row.version_id ? hintByVersion.get(row.version_id) : undefined, row.source_format),
      specFormat: row.source_format,
      version: row.version_label,
      popularity: scores ? card.popularity : null,
      latencyMs: scores ? card.latencyMs : null,
      serviceLevel: scores ? card.serviceLevel : null,
      healthCheck: scores && row.health_check !== null ? Number(row.health_check) : null,
    });
  }
  return { items, problems };
}

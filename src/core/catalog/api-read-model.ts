import { type InferResult, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { Visibility } from "../../db/schema";
import type { ApiCard } from "./catalog.types";

/*
 * The API read model (docs/decisions/072-api-read-model.md): the one visibility rule, the card columns and the card
 * mapper that catalog, search, social lists, compare and endpoint detail all read through. Who may see which PRIVATE
 * API (owner, invited user/team/organization, tenant admin) is decided once, by access/private-apis.service
 * privateApiIdsFor; the SQL here only applies that list.
 */

const PUBLIC: Visibility = "PUBLIC";
const PRIVATE: Visibility = "PRIVATE";

/**
 * Which APIs a caller sees (spec section 6, private APIs): every PUBLIC one, plus the PRIVATE ones in `privateIds`
 * (from privateApiIdsFor; none for a visitor). `alias` names the row that carries `visibility` and the API's id: an
 * API row (`a`, id column `id`) or a search document (`d`/`e`, id column `api_id`). Raw SQL, so the same predicate
 * serves Kysely's builder (`.where(...)`, `.on(...)`) and the hand-written search statements.
 */
export function visibleApis(
  alias: string,
  privateIds: readonly string[] = [],
  idColumn: "id" | "api_id" = "id",
): RawBuilder<SqlBool> {
  const visibility = sql.ref(`${alias}.visibility`);
  if (privateIds.length === 0) return sql<SqlBool>`${visibility} = ${PUBLIC}`;
  const ids = sql.join(privateIds.map((id) => sql`${id}`));
  return sql<SqlBool>`(${visibility} = ${PUBLIC} or (${visibility} = ${PRIVATE} and ${sql.ref(`${alias}.${idColumn}`)} in (${ids})))`;
}

/** What an API card reads: the API (`a`), its owner's username (`u`) and its category (`c`). */
export const API_CARD_COLUMNS = [
  "a.id",
  "a.name",
  "a.slug",
  "u.username as owner_username",
  "a.thumbnail",
  "a.short_description",
  "a.visibility",
  "a.pricing_type",
  "c.name as category_name",
  "c.slug as category_slug",
  "a.rating_avg",
  "a.rating_votes",
  "a.rating_is_demo",
  "a.followers_count",
  "a.popularity",
  "a.latency_ms",
  "a.service_level",
  "a.is_demo_data",
  "a.updated_at",
  "a.current_version_id",
] as const;

/**
 * The APIs of the tenant the caller may see (`a`), joined to their owner (`u`) and category (`c`), both tenant-checked.
 * Callers add their filters, joins, columns, order and page.
 */
export function visibleApiRows(db: DbOrTrx, tenantId: string, privateIds: readonly string[] = []) {
  return kyselyOf(db)
    .selectFrom("apis as a")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .where("a.tenant_id", "=", tenantId)
    .where(visibleApis("a", privateIds));
}

/** Card rows of the APIs the caller may see; callers add filters, order and page. */
export function selectVisibleApiCards(db: DbOrTrx, tenantId: string, privateIds: readonly string[] = []) {
  return visibleApiRows(db, tenantId, privateIds).select(API_CARD_COLUMNS);
}

export type ApiCardRow = InferResult<ReturnType<typeof selectVisibleApiCards>>[number];

/** A card row as the screens and the GraphQL contract see it (numbers as numbers, flags as booleans). */
export function toApiCard(row: ApiCardRow): ApiCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    ownerUsername: row.owner_username,
    thumbnail: row.thumbnail,
    shortDescription: row.short_description,
    visibility: row.visibility,
    pricingType: row.pricing_type,
    categoryName: row.category_name,
    categorySlug: row.category_slug,
    rating: Number(row.rating_avg),
    ratingVotes: Number(row.rating_votes),
    // Generated demo stars until the first real rating replaces them (decision 080): screens label them, never mix.
    ratingIsDemo: Number(row.rating_is_demo) === 1,
    followersCount: Number(row.followers_count),
    popularity: Number(row.popularity),
    latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
    serviceLevel: row.service_level === null ? null : Number(row.service_level),
    isDemoData: Number(row.is_demo_data) === 1,
    updatedAt: Number(row.updated_at),
    documented: row.current_version_id !== null,
  };
}

/** The cards of the given APIs that the caller may see, in any order (callers restore their own). */
export async function listApiCardsByIds(
  db: DbOrTrx,
  tenantId: string,
  apiIds: readonly string[],
  privateIds: readonly string[] = [],
): Promise<ApiCard[]> {
  if (apiIds.length === 0) return [];
  const rows = await selectVisibleApiCards(db, tenantId, privateIds)
    .where("a.id", "in", [...apiIds])
    .execute();
  return rows.map(toApiCard);
}

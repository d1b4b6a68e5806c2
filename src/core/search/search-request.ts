import { randomUUID } from "node:crypto";
import { DEFAULT_DIRECTION, DEFAULT_SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE, type SortSpec } from "./search.types";

/* What a search request is normalized to before any SQL: its page, its ordering and the names sent back with it. */

/** Clamps paging: offset >= 0, 1 <= limit <= MAX_SEARCH_PAGE_SIZE ("first above a maximum is capped"). */
export function clampSearchPage(page: { offset: number; limit: number }): { offset: number; limit: number } {
  const offset = Number.isFinite(page.offset) ? Math.max(0, Math.floor(page.offset)) : 0;
  const limit = Number.isFinite(page.limit)
    ? Math.min(MAX_SEARCH_PAGE_SIZE, Math.max(1, Math.floor(page.limit)))
    : DEFAULT_SEARCH_PAGE_SIZE;
  return { offset, limit };
}

/** Sorting: the caller's fields (default direction per field), else relevance with a term, popularity without. */
export function normalizeSort(sort: readonly SortSpec[] | null | undefined, hasTerm: boolean): SortSpec[] {
  const given = (sort ?? []).slice(0, 3);
  if (given.length > 0)
    return given.map((s) => ({ field: s.field, direction: s.direction ?? DEFAULT_DIRECTION[s.field] }));
  return [hasTerm ? { field: "RELEVANCE", direction: "DESC" } : { field: "POPULARITY", direction: "DESC" }];
}

/** Names the ordering the way a search service names its replicas; sent back with click events (search_index). */
export function replicaIndexName(sort: readonly SortSpec[]): string {
  const first = sort[0];
  if (!first || (first.field === "RELEVANCE" && first.direction === "DESC")) return "apis";
  return `apis_${first.field.toLowerCase()}_${first.direction.toLowerCase()}`;
}

/** A new id for a search's results, sent back with click events. */
export function newQueryId(): string {
  return randomUUID().replace(/-/g, "");
}

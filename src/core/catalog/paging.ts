/** Largest page any catalog list returns, whatever the caller asks for. */
export const MAX_LIMIT = 100;

export interface PageRequest {
  offset: number;
  limit: number;
}

/** Clamps a page request: offset >= 0, 1 <= limit <= MAX_LIMIT, integers only. */
export function clampPage(page: PageRequest): PageRequest {
  const offset = Number.isFinite(page.offset) ? Math.max(0, Math.floor(page.offset)) : 0;
  const limit = Number.isFinite(page.limit) ? Math.min(MAX_LIMIT, Math.max(1, Math.floor(page.limit))) : 20;
  return { offset, limit };
}

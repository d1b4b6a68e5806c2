/** Reads ?page=N (1-based) into an offset/limit pair; junk or out-of-range values mean page 1. */
export function pageFromUrl(url: URL, pageSize: number): { page: number; offset: number; limit: number } {
  const raw = url.searchParams.get("page");
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const page = Math.max(1, n);
  return { page, offset: (page - 1) * pageSize, limit: pageSize };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Same URL (path and other query params) pointing at another page; page 1 drops the parameter. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

import type { EndpointNavItem } from "../../../core/catalog/api-endpoints.service";

/*
 * The reference navigation as flat rows (a group heading per tag, then its operations; webhooks last) and the window
 * of them to render: every row has the same height, so a 1,000-operation list renders ~30 rows whatever its length.
 */

export type NavRow =
  | { type: "group"; key: string; label: string; count: number }
  | { type: "item"; key: string; item: EndpointNavItem };

export const NAV_ROW_HEIGHT = 48;

/** Case-insensitive match on method, path, summary and tag; every word of the query must match somewhere. */
export function filterNavItems(items: readonly EndpointNavItem[], query: string): EndpointNavItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = `${item.method} ${item.path} ${item.summary ?? ""} ${item.tag ?? ""}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Groups by first tag in order of first use, untagged under `labels.untagged`, webhooks in their own last group. */
export function navRows(items: readonly EndpointNavItem[], labels: { untagged: string; webhooks: string }): NavRow[] {
  const groups = new Map<string, EndpointNavItem[]>();
  const webhooks: EndpointNavItem[] = [];
  for (const item of items) {
    if (item.kind === "webhook") {
      webhooks.push(item);
      continue;
    }
    const label = item.tag ?? labels.untagged;
    const list = groups.get(label);
    if (list) list.push(item);
    else groups.set(label, [item]);
  }
  const rows: NavRow[] = [];
  const push = (key: string, label: string, list: EndpointNavItem[]) => {
    rows.push({ type: "group", key, label, count: list.length });
    for (const item of list) rows.push({ type: "item", key: item.id, item });
  };
  for (const [label, list] of groups) push(`g:${label}`, label, list);
  if (webhooks.length > 0) push("g:webhooks", labels.webhooks, webhooks);
  return rows;
}

/** The rows [start, end) to render for a scroll position, with `overscan` rows either side. */
export function visibleWindow(
  scrollTop: number,
  viewportHeight: number,
  count: number,
  overscan = 8,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / NAV_ROW_HEIGHT);
  const shown = Math.ceil(Math.max(viewportHeight, NAV_ROW_HEIGHT) / NAV_ROW_HEIGHT);
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + shown + overscan) };
}

/** The index of the next item row from `from` in direction `step` (group rows are skipped); `from` when none. */
export function nextItemRow(rows: readonly NavRow[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < rows.length; i += step) if (rows[i]?.type === "item") return i;
  return from;
}

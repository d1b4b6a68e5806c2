/** Groups endpoints by their first tag, keeping the spec order of both groups and endpoints. */
export function groupByTag<T extends { tags: string[] }>(
  items: T[],
  untagged: string,
): Array<{ tag: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const tag = item.tags[0]?.trim() || untagged;
    const list = groups.get(tag);
    if (list) list.push(item);
    else groups.set(tag, [item]);
  }
  return [...groups].map(([tag, list]) => ({ tag, items: list }));
}

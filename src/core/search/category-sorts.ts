/** The category page's orders (no imports: the page's sort control, bundled for the browser, reads them). */
export const CATEGORY_SORTS = ["popular", "rating", "updated", "name"] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export function isCategorySort(value: string): value is CategorySort {
  return (CATEGORY_SORTS as readonly string[]).includes(value);
}

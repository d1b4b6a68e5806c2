import type { FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { CATEGORY_SORTS, type CategorySort } from "../../core/search/category-sorts";
import type { FacetCount } from "../../core/search/search.types";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";
import { LocalLink } from "./localized-link";
import { useHydrated } from "./search-filters";
import { Button } from "./ui/button";
import { Select } from "./ui/select";

export interface CategoryQuery {
  sort: CategorySort;
  pricing: string | null;
  auth: string | null;
  documented: boolean;
}

/**
 * The category page's sort and filters as one GET form: without JavaScript "Apply" submits it, with JavaScript every
 * change navigates at once (the search page's filters work the same way). Counts are the category's facet counts.
 */
export function CategoryControls(props: {
  path: string;
  query: CategoryQuery;
  pricingTypes: FacetCount[];
  authTypes: FacetCount[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { query } = props;
  const filtered = query.pricing !== null || query.auth !== null || query.documented || query.sort !== "popular";
  const withCount = (label: string, count: number) => `${label} (${formatNumber(count, locale)})`;
  function onChange(event: FormEvent<HTMLFormElement>) {
    submit(event.currentTarget, { preventScrollReset: true, replace: true });
  }
  return (
    <Form
      // A fresh form per URL: uncontrolled fields must show what the URL says.
      key={`${query.sort}|${query.pricing}|${query.auth}|${query.documented}`}
      method="get"
      onChange={onChange}
      aria-label={t("category.controls")}
      data-testid="category-controls"
      className="flex flex-wrap items-end gap-3"
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        {t("category.sortBy")}
        <Select name="sort" defaultValue={query.sort} data-testid="category-sort">
          {CATEGORY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`category.sort.${sort}`)}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        {t("category.pricing")}
        <Select name="pricing" defaultValue={query.pricing ?? ""} data-testid="category-pricing">
          <option value="">{t("category.anyPricing")}</option>
          {props.pricingTypes.map((f) => (
            <option key={f.value} value={f.value}>
              {withCount(t(`api.pricing.${f.value}`, { defaultValue: f.label }), f.count)}
            </option>
          ))}
        </Select>
      </label>
      {(props.authTypes.length > 0 || query.auth !== null) && (
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
          {t("category.auth")}
          <Select name="auth" defaultValue={query.auth ?? ""} data-testid="category-auth">
            <option value="">{t("category.anyAuth")}</option>
            {query.auth !== null && !props.authTypes.some((f) => f.value === query.auth) && (
              <option value={query.auth}>{query.auth}</option>
            )}
            {props.authTypes.map((f) => (
              <option key={f.value} value={f.value}>
                {withCount(f.label, f.count)}
              </option>
            ))}
          </Select>
        </label>
      )}
      <label className="flex h-10 cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="documented"
          value="1"
          defaultChecked={query.documented}
          data-testid="category-documented"
          className="size-4 accent-accent"
        />
        {t("search.hasEndpoints")}
      </label>
      {!hydrated && (
        <Button type="submit" variant="secondary">
          {t("search.apply")}
        </Button>
      )}
      {filtered && (
        <LocalLink
          to={props.path}
          preventScrollReset
          data-testid="category-clear"
          className="flex h-10 items-center text-xs font-semibold text-accent hover:underline"
        >
          {t("category.clear")}
        </LocalLink>
      )}
    </Form>
  );
}

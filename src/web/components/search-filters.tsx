import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useSubmit } from "react-router";
import type { FacetCount, SearchFacets } from "../../core/search/search.types";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale, useLocalize } from "../lib/root-data";
import { applyFilterChange, controlChange, sameSearchAddress } from "../lib/search-filter-change";
import {
  FILTER_FORM_ID,
  MIN_RATINGS,
  SEARCH_SORTS,
  type SearchPageQuery,
  searchBasePath,
  searchPageHref,
  without,
} from "../lib/search-params";
import { useLinkDiscover } from "../lib/static-visitor-page";
import { CloseIcon } from "./icons";
import { LocalLink } from "./localized-link";
import { Button } from "./ui/button";

/** Categories listed before 'More categories'. */
const TOP_CATEGORIES = 8;

export interface SearchTagDefinition {
  name: string;
  values: string[];
  showTagName: boolean;
  /** false: the tag repeats a counted facet (authentication), so it gets no checkbox group of its own. */
  filterGroup: boolean;
}

/**
 * Navigates for a changed filter control. While the form on screen is the one rendered for the current address it is
 * submitted whole (it also holds changes whose navigation is still loading). Once the address has moved on and React
 * has not yet drawn the new form, the old form is stale: only this control's change is applied to the current address
 * (see search-filter-change.ts).
 */
function useFilterChange(): (control: EventTarget | null, form: HTMLFormElement | null) => void {
  const submit = useSubmit();
  const navigate = useNavigate();
  const location = useLocation();
  const rendered = `${location.pathname}${location.search}`;
  return (control, form) => {
    const current = new URL(window.location.href);
    if (form && sameSearchAddress(new URL(rendered, current), current)) {
      submit(form, { preventScrollReset: true });
      return;
    }
    const change = controlChange(control);
    if (change)
      navigate(`${current.pathname}${applyFilterChange(current.search, change)}`, { preventScrollReset: true });
  };
}

/** False on the server render and before hydration: the no-JavaScript "Apply" buttons show until then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function tagLabel(tag: string, definitions: readonly SearchTagDefinition[]): string {
  const at = tag.indexOf(":");
  const name = tag.slice(0, at);
  const value = tag.slice(at + 1);
  const definition = definitions.find((d) => d.name === name);
  return definition?.showTagName === false ? value : `${name}: ${value}`;
}

function FacetOption(props: { name: string; value: string; label: string; count: number | null; checked: boolean }) {
  const locale = useLocale();
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
      <input
        type="checkbox"
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        className="size-4 shrink-0 accent-accent"
      />
      <span dir="auto" className="min-w-0 flex-1 truncate">
        {props.label}
      </span>
      {props.count !== null && (
        <span className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
          {formatNumber(props.count, locale)}
        </span>
      )}
    </label>
  );
}

function Group(props: { legend: string; children: React.ReactNode; testId: string }) {
  return (
    <fieldset data-testid={props.testId} className="flex flex-col gap-0.5">
      <legend className="mb-1.5 text-xs font-bold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {props.legend}
      </legend>
      {props.children}
    </fieldset>
  );
}

/** Selected values always show, even when the other filters leave them with no results. */
function withSelected(facets: readonly FacetCount[], selected: readonly string[]): FacetCount[] {
  const lower = new Set(facets.map((f) => f.value.toLowerCase()));
  const missing = selected.filter((s) => !lower.has(s.toLowerCase())).map((s) => ({ value: s, label: s, count: 0 }));
  return [...facets, ...missing];
}

/**
 * Category, pricing, authentication and tag filters with facet counts, as a GET form: without JavaScript 'Apply' submits it, with
 * JavaScript every change navigates at once. On small screens a CSS-only toggle folds it away.
 */
export function SearchFilters(props: {
  query: SearchPageQuery;
  facets: SearchFacets;
  tagDefinitions: SearchTagDefinition[];
  /** The tenant's health-check switch: the "Healthy" filter shows only when APIs are probed. */
  healthFilter: boolean;
}) {
  const { t } = useTranslation();
  const discover = useLinkDiscover();
  const filterChange = useFilterChange();
  const localize = useLocalize();
  const hydrated = useHydrated();
  const { query } = props;
  const selectedCategories = query.categories.map((c) => c.toLowerCase());
  const categories = withSelected(props.facets.categories, query.categories);
  const isChosen = (f: FacetCount) => selectedCategories.includes(f.value.toLowerCase());
  const top = categories.filter((f, i) => i < TOP_CATEGORIES || isChosen(f));
  const more = categories.filter((f, i) => i >= TOP_CATEGORIES && !isChosen(f));
  const pricing = withSelected(props.facets.pricingTypes, query.pricing);
  const authTypes = withSelected(props.facets.authTypes, query.auth);
  const active =
    query.categories.length +
    query.pricing.length +
    query.auth.length +
    query.tags.length +
    (query.minRating ? 1 : 0) +
    (query.documented ? 1 : 0) +
    (query.healthy ? 1 : 0);

  // The checkboxes are uncontrolled and must show what the address says once it changes. They are set in place, not
  // remounted with a new key: a remount replaced the very box a visitor (or a test) was about to click and dropped the
  // keyboard focus after every change.
  const formRef = useRef<HTMLFormElement>(null);
  const state = `${query.term}|${query.categories}|${query.pricing}|${query.auth}|${query.tags}|${query.minRating}|${query.documented}|${query.healthy}`;
  const shown = useRef(state);
  useLayoutEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    for (const element of formRef.current?.elements ?? []) {
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        element.checked = element.defaultChecked;
      }
    }
  });

  function onChange(event: FormEvent<HTMLFormElement>) {
    filterChange(event.target, event.currentTarget);
  }

  return (
    <div>
      <input id="search-filters-toggle" type="checkbox" className="peer sr-only" aria-label={t("search.filters")} />
      <label
        htmlFor="search-filters-toggle"
        data-testid="search-filters-toggle"
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-accent lg:hidden dark:border-slate-700 dark:bg-slate-900"
      >
        {t("search.filters")}
        {active > 0 && (
          <span className="rounded-full bg-accent-fill px-1.5 text-xs text-white tabular-nums">{active}</span>
        )}
      </label>
      <Form
        ref={formRef}
        id={FILTER_FORM_ID}
        discover={discover}
        method="get"
        action={localize(searchBasePath(query.term))}
        onChange={onChange}
        // The controls show the address's filters, not what the browser remembers of an earlier visit (back button).
        autoComplete="off"
        aria-label={t("search.filters")}
        data-testid="search-filters"
        className="mt-4 hidden flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 peer-checked:flex lg:mt-0 lg:flex lg:border-0 lg:bg-transparent lg:p-0 dark:border-slate-800 dark:bg-slate-900 lg:dark:bg-transparent"
      >
        {query.tab !== "all" && <input type="hidden" name="tab" value={query.tab} />}
        {/* Tag filters without a checkbox group (set by a link) survive changes to the other filters. */}
        {query.tags
          .filter((tag) => !props.tagDefinitions.some((d) => d.filterGroup && tag.startsWith(`${d.name}:`)))
          .map((tag) => (
            <input key={tag} type="hidden" name="tag" value={tag} />
          ))}
        {categories.length > 0 && (
          <Group legend={t("search.category")} testId="search-filter-category">
            {top.map((f) => (
              <FacetOption
                key={f.value}
                name="category"
                value={f.value}
                label={f.label}
                count={f.count}
                checked={isChosen(f)}
              />
            ))}
            {more.length > 0 && (
              <details className="group">
                <summary className="cursor-pointer px-1 py-1 text-sm font-medium text-accent">
                  {t("search.moreCategories", { count: more.length })}
                </summary>
                {more.map((f) => (
                  <FacetOption
                    key={f.value}
                    name="category"
                    value={f.value}
                    label={f.label}
                    count={f.count}
                    checked={false}
                  />
                ))}
              </details>
            )}
          </Group>
        )}
        {pricing.length > 0 && (
          <Group legend={t("search.pricing")} testId="search-filter-pricing">
            {pricing.map((f) => (
              <FacetOption
                key={f.value}
                name="pricing"
                value={f.value}
                label={t(`api.pricing.${f.value}`, { defaultValue: f.label })}
                count={f.count}
                checked={query.pricing.includes(f.value)}
              />
            ))}
          </Group>
        )}
        {authTypes.length > 0 && (
          <Group legend={t("search.authType")} testId="search-filter-auth">
            {authTypes.map((f) => (
              <FacetOption
                key={f.value}
                name="auth"
                value={f.value}
                label={f.label}
                count={f.count}
                checked={query.auth.includes(f.value)}
              />
            ))}
          </Group>
        )}
        <Group legend={t("search.showOnly")} testId="search-filter-show-only">
          <FacetOption
            name="documented"
            value="1"
            label={t("search.hasEndpoints")}
            count={null}
            checked={query.documented}
          />
          {(props.healthFilter || query.healthy) && (
            <FacetOption name="healthy" value="1" label={t("search.healthy")} count={null} checked={query.healthy} />
          )}
        </Group>
        <Group legend={t("search.minRating")} testId="search-filter-rating">
          {[...MIN_RATINGS, 0].map((stars) => (
            <label
              key={stars}
              className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <input
                type="radio"
                name="rating"
                value={stars === 0 ? "" : String(stars)}
                defaultChecked={(query.minRating ?? 0) === stars}
                data-testid={`search-rating-${stars}`}
                className="size-4 accent-accent"
              />
              <span>{stars === 0 ? t("search.anyRating") : t("search.ratingAtLeast", { count: stars })}</span>
            </label>
          ))}
        </Group>
        {props.tagDefinitions
          .filter((definition) => definition.filterGroup)
          .map((definition) => (
            <Group key={definition.name} legend={definition.name} testId="search-filter-tag">
              {definition.values.map((value) => {
                const tag = `${definition.name}:${value}`;
                return (
                  <FacetOption
                    key={tag}
                    name="tag"
                    value={tag}
                    label={value}
                    count={null}
                    checked={query.tags.includes(tag)}
                  />
                );
              })}
            </Group>
          ))}
        {!hydrated && (
          <Button type="submit" data-filter-apply className="self-start">
            {t("search.apply")}
          </Button>
        )}
      </Form>
    </div>
  );
}

/** The results' order; part of the filter form, so a change keeps the filters and starts at the first page. */
export function SearchSortSelect(props: { query: SearchPageQuery }) {
  const { t } = useTranslation();
  const filterChange = useFilterChange();
  const hydrated = useHydrated();
  const { query } = props;
  const sorts = SEARCH_SORTS.filter((s) => s !== "relevance" || query.term !== "");
  const current = query.sort ?? (query.term !== "" ? "relevance" : "popularity");
  // Like the filter checkboxes, the select follows the address in place: a remount (a `key` per sort) replaced the
  // element under the visitor's pointer and dropped keyboard focus after every change.
  const select = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    if (select.current && select.current.value !== current) select.current.value = current;
  }, [current]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="search-sort" className="text-sm text-slate-600 dark:text-slate-400">
        {t("search.sortBy")}
      </label>
      <select
        id="search-sort"
        name="sort"
        form={FILTER_FORM_ID}
        ref={select}
        defaultValue={current}
        data-testid="search-sort"
        onChange={(event) => {
          filterChange(event.currentTarget, event.currentTarget.form);
        }}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(`search.sort.${s}`)}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button
          type="submit"
          form={FILTER_FORM_ID}
          data-filter-apply
          className="h-9 rounded-lg border border-slate-300 px-3 text-sm font-semibold dark:border-slate-700"
        >
          {t("search.apply")}
        </button>
      )}
    </div>
  );
}

/** Chips for the active filters (each removes itself) and 'Clear filters'. */
export function SearchActiveFilters(props: { query: SearchPageQuery; tagDefinitions: SearchTagDefinition[] }) {
  const { t } = useTranslation();
  const { query } = props;
  const chips = [
    ...query.categories.map((c) => ({
      label: c,
      href: searchPageHref(query, { categories: without(query.categories, c) }),
    })),
    ...query.pricing.map((p) => ({
      label: t(`api.pricing.${p}`, { defaultValue: p }),
      href: searchPageHref(query, { pricing: without(query.pricing, p) }),
    })),
    ...query.auth.map((a) => ({
      label: a,
      href: searchPageHref(query, { auth: without(query.auth, a) }),
    })),
    ...query.tags.map((tag) => ({
      label: tagLabel(tag, props.tagDefinitions),
      href: searchPageHref(query, { tags: without(query.tags, tag) }),
    })),
    ...(query.minRating
      ? [
          {
            label: t("search.ratingAtLeast", { count: query.minRating }),
            href: searchPageHref(query, { minRating: null }),
          },
        ]
      : []),
    ...(query.documented
      ? [{ label: t("search.hasEndpoints"), href: searchPageHref(query, { documented: false }) }]
      : []),
    ...(query.healthy ? [{ label: t("search.healthy"), href: searchPageHref(query, { healthy: false }) }] : []),
  ];
  if (chips.length === 0) return null;
  return (
    <ul data-testid="search-active-filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.href}>
          <LocalLink
            to={chip.href}
            preventScrollReset
            data-keep-scroll
            aria-label={t("search.removeFilter", { name: chip.label })}
            className="inline-flex items-center gap-1 rounded-full bg-accent/12 py-1 ps-3 pe-2 text-xs font-semibold text-sky-800 hover:bg-accent/20 dark:text-sky-200"
          >
            <span dir="auto">{chip.label}</span>
            <CloseIcon className="size-3.5" />
          </LocalLink>
        </li>
      ))}
      <li>
        <LocalLink
          to={searchPageHref(query, {
            categories: [],
            pricing: [],
            auth: [],
            tags: [],
            minRating: null,
            documented: false,
            healthy: false,
          })}
          preventScrollReset
          data-keep-scroll
          data-testid="search-clear-filters"
          className="text-xs font-semibold text-accent hover:underline"
        >
          {t("search.clearFilters")}
        </LocalLink>
      </li>
    </ul>
  );
}

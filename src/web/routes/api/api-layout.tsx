import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { sanitizeHref } from "../../../common/url";
import { canEditApi, listApiInvitations } from "../../../core/access/private-apis.service";
import { apiPath } from "../../components/api-card";
import { ApiLogo } from "../../components/api-logo";
import { CompareToggle } from "../../components/compare-toggle";
import { FollowButton } from "../../components/follow-button";
import { ExternalIcon, LockIcon, MailIcon, UsersIcon } from "../../components/icons";
import { InvitationsPanel } from "../../components/invitations-panel";
import { LocalLink } from "../../components/localized-link";
import { PricingBadge } from "../../components/pricing-badge";
import { RatingStars } from "../../components/rating-stars";
import { SaveButton } from "../../components/save-button";
import { useSocial } from "../../components/social-state";
import { ButtonLink } from "../../components/ui/button";
import { TabBar, TabLink } from "../../components/ui/tabs";
import { useTranslation } from "../../i18n/use-translation";
import { loadApiOr404 } from "../../lib/api-detail.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { formatDate, formatNumber } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import type { Route } from "./+types/api-layout";
import { visibleTabs } from "./api-tabs";
import { SpotlightStrip } from "./spotlights-strip";
import { loadSpotlightStrip } from "./spotlights-strip.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  // The header needs the card fields only; the readme is rendered by the About tab.
  const { readme: _readme, ...header } = api;
  // The sharing panel and the Manage tab are for whoever may edit the API (spec section 6: owner, or found in their
  // context tree).
  const canEdit = await canEditApi({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id);
  const tabs = visibleTabs(context.tenant.config, canEdit).map(({ id, segment, labelKey }) => ({
    id,
    segment,
    labelKey,
  }));
  const invitations = canEdit
    ? (await listApiInvitations({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id)).map(
        (i) => ({
          id: i.id,
          principalType: i.principalType,
          principalName: i.principalName,
        }),
      )
    : [];
  const spotlightStrip = await loadSpotlightStrip(context, api.id);
  return { api: header, tabs, canEdit, invitations, spotlightStrip };
}

/** Moving between operations of the reference (`?op=`) changes nothing the header shows. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // Moving between operations (?op=) on the same page keeps the header; an explicit revalidation (same URL, e.g.
  // after an invitation is sent) must still reload it.
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { api } = data as {
      api: {
        name: string;
        ownerUsername: string;
        slug: string;
        categoryName: string | null;
        categorySlug: string | null;
      };
    };
    const crumbs = [];
    if (api.categoryName && api.categorySlug) {
      crumbs.push({ path: `/category/${api.categorySlug}`, label: api.categoryName });
    }
    crumbs.push({ path: apiPath(api), label: api.name });
    return crumbs;
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { key: "meta.apiTitle", vars: { name: loaderData?.api.name ?? "" } },
    {
      key: "meta.apiDescription",
      vars: { name: loaderData?.api.name ?? "", description: loaderData?.api.shortDescription ?? "" },
    },
  );

export default function ApiLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const social = useSocial();
  const { api, tabs } = loaderData;
  const base = apiPath(api);
  const followers = api.followersCount + social.followDelta(api.id);
  return (
    <>
      <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40">
        <div className="mx-auto max-w-[1320px] px-4 pt-8 sm:px-6">
          <div className="flex flex-col gap-5 md:flex-row md:items-start">
            <ApiLogo name={api.name} thumbnail={api.thumbnail} owner={{ apiId: api.id }} size="lg" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 data-testid="api-name" dir="auto" className="text-2xl font-bold tracking-tight sm:text-3xl">
                  {api.name}
                </h1>
                {api.visibility !== "PUBLIC" && (
                  <span
                    data-testid="private-lock"
                    className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800"
                  >
                    <LockIcon className="size-3.5" />
                    {t("api.private")}
                  </span>
                )}
                <PricingBadge pricing={api.pricingType} />
              </div>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                {t("api.by", { owner: api.ownerName || api.ownerUsername })}
                {api.currentVersion && <> · {t("api.version", { version: api.currentVersion.version })}</>}
                {" · "}
                {t("api.updated", { date: formatDate(api.updatedAt, locale) })}
              </p>
              <p dir="auto" className="mt-3 max-w-3xl rtl:text-right text-slate-700 dark:text-slate-300">
                {api.shortDescription}
              </p>
              <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
                <RatingStars rating={api.rating} votes={api.ratingVotes} isDemo={api.ratingIsDemo} />
                <span
                  data-testid="followers-count"
                  className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-400"
                >
                  <UsersIcon className="size-4" />
                  {t("api.followers", { count: followers, formattedCount: formatNumber(followers, locale) })}
                </span>
                {api.categoryName && api.categorySlug && (
                  <LocalLink
                    to={`/category/${api.categorySlug}`}
                    className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-accent/15 hover:text-accent dark:bg-slate-800 dark:text-slate-300"
                  >
                    {api.categoryName}
                  </LocalLink>
                )}
                {api.website && (
                  <a
                    href={sanitizeHref(api.website)}
                    rel="nofollow noopener noreferrer"
                    target="_blank"
                    className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
                  >
                    {t("api.website")}
                    <ExternalIcon className="size-3.5" />
                  </a>
                )}
              </div>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <CompareToggle apiRef={`${api.ownerUsername}/${api.slug}`} apiName={api.name} />
              {/* Following or saving one's own API tells its owners nothing they do not know (issue 18). */}
              {!loaderData.canEdit && (
                <>
                  <FollowButton apiId={api.id} apiName={api.name} />
                  <SaveButton apiId={api.id} apiName={api.name} />
                </>
              )}
              {!loaderData.canEdit && (
                <ButtonLink
                  to={`${base}/contact`}
                  variant="outline"
                  size="sm"
                  inline
                  className="px-3.5 py-2"
                  data-testid="contact-button"
                  aria-label={t("messages.contactLabel", { name: api.name })}
                >
                  <MailIcon className="size-4" />
                  {t("messages.contact")}
                </ButtonLink>
              )}
            </div>
          </div>
          {loaderData.canEdit && (
            <InvitationsPanel apiId={api.id} visibility={api.visibility} invitations={loaderData.invitations} />
          )}
          <SpotlightStrip
            spotlights={loaderData.spotlightStrip.spotlights}
            canManage={loaderData.spotlightStrip.canManage}
            manageHref={`${base}/spotlights/manage`}
          />
          <TabBar label={t("api.tabsLabel")} testId="tab-bar" className="-mb-px mt-6 flex gap-1 overflow-x-auto">
            {tabs.map((tab) => (
              <TabLink
                key={tab.id}
                to={tab.segment ? `${base}/${tab.segment}` : base}
                end={tab.segment === ""}
                preventScrollReset
                data-testid={`tab-${tab.id}`}
              >
                {t(tab.labelKey)}
              </TabLink>
            ))}
          </TabBar>
        </div>
      </div>
      <div className="mx-auto max-w-[1320px] px-4 py-8 sm:px-6">
        <Outlet />
      </div>
    </>
  );
}

import type { ApiCard as ApiCardData } from "../../core/catalog/catalog.types";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale, useSession } from "../lib/root-data";
import { ApiLogo } from "./api-logo";
import { CompareToggle } from "./compare-toggle";
import { FollowButton } from "./follow-button";
import { LockIcon, UsersIcon } from "./icons";
import { LocalLink } from "./localized-link";
import { PricingBadge } from "./pricing-badge";
import { RatingStars } from "./rating-stars";
import { SaveButton } from "./save-button";
import { useSocial } from "./social-state";

export function apiPath(api: { ownerUsername: string; slug: string }): string {
  return `/${encodeURIComponent(api.ownerUsername)}/api/${encodeURIComponent(api.slug)}`;
}

/** A catalog card: the title link stretches over the card; the category chip stays separately clickable. */
export function ApiCard(props: { api: ApiCardData; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const social = useSocial();
  const { api } = props;
  // The owner's own card carries no Follow/Save (issue 18); the server render and hydration read the same session.
  const own = useSession()?.user.username === api.ownerUsername;
  const followers = api.followersCount + social.followDelta(api.id);
  return (
    <article
      data-testid="api-card"
      className={props.className ? `group api-card ${props.className}` : "group api-card"}
    >
      <div className="api-card-head">
        <ApiLogo name={api.name} thumbnail={api.thumbnail} owner={{ apiId: api.id }} />
        <div className="min-w-0 flex-1">
          <h3 dir="auto" className="api-card-title">
            <LocalLink to={apiPath(api)} className="api-card-link">
              {api.name}
            </LocalLink>
          </h3>
          <p className="truncate api-card-muted">{t("api.by", { owner: api.ownerUsername })}</p>
        </div>
        {api.visibility !== "PUBLIC" && (
          <span title={t("common.private")} data-testid="private-lock" className="text-slate-400">
            <LockIcon className="size-4" />
            <span className="sr-only">{t("common.private")}</span>
          </span>
        )}
        {!own && <SaveButton apiId={api.id} apiName={api.name} compact />}
      </div>
      <p dir="auto" className="api-card-text">
        {api.shortDescription}
      </p>
      <div className="api-card-tags">
        <PricingBadge pricing={api.pricingType} />
        {api.documented && (
          <span data-testid="documented-badge" title={t("api.documentedHint")} className="documented-badge">
            {t("api.documented")}
          </span>
        )}
        {api.categoryName && api.categorySlug && (
          <LocalLink to={`/category/${api.categorySlug}`} className="api-card-chip">
            {api.categoryName}
          </LocalLink>
        )}
        <CompareToggle apiRef={`${api.ownerUsername}/${api.slug}`} apiName={api.name} compact className="ms-auto" />
      </div>
      <div className="api-card-foot">
        <RatingStars rating={api.rating} votes={api.ratingVotes} isDemo={api.ratingIsDemo} compact />
        <span className="api-card-followers">
          <UsersIcon className="size-3.5" />
          <span data-testid="followers-count">
            {t("api.followers", { count: followers, formattedCount: formatNumber(followers, locale) })}
          </span>
        </span>
        {!own && <FollowButton apiId={api.id} apiName={api.name} compact />}
      </div>
    </article>
  );
}

export function ApiCardGrid(props: { apis: ApiCardData[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {props.apis.map((api) => (
        <li key={api.id} className="min-w-0">
          <ApiCard api={api} />
        </li>
      ))}
    </ul>
  );
}

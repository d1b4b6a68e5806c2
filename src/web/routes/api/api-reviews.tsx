import { useState } from "react";
import { useLocation } from "react-router";
import { REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort } from "../../../core/ratings/rating-messages";
import {
  deleteRating,
  editRating,
  rateApi,
  replyToReview,
  voteReviewHelpful,
} from "../../../core/ratings/ratings.service";
import { listReviews } from "../../../core/ratings/reviews.service";
import { LocalLink } from "../../components/localized-link";
import { Pagination } from "../../components/pagination";
import { RatingSummaryPanel } from "../../components/reviews/rating-summary-panel";
import { ReviewForm } from "../../components/reviews/review-form";
import { ReviewItem } from "../../components/reviews/review-item";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { pageFromUrl } from "../../lib/paging";
import type { Route } from "./+types/api-reviews";

function sortOf(url: URL): ReviewSort {
  const raw = url.searchParams.get("sort");
  return (REVIEW_SORTS as readonly string[]).includes(raw ?? "") ? (raw as ReviewSort) : "newest";
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const url = new URL(request.url);
  const { page, offset, limit } = pageFromUrl(url, REVIEWS_PAGE_SIZE);
  const sort = sortOf(url);
  const reviews = await listReviews({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id, {
    sort,
    offset,
    limit,
  });
  return { name: api.name, signedIn: !!context.viewer, page, reviews };
}

/** One form post of the tab: rate, edit, delete (the viewer's rating), reply (provider), vote (helpful). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const api = await loadApiOr404(context, params);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const intent = formText(form, "intent");
  const { db, tenant, viewer } = context;
  const rating = () => ({
    stars: Number(formText(form, "stars")) || formText(form, "stars"),
    title: formText(form, "title"),
    body: formText(form, "body"),
  });
  const result: ActionResult = await runAction(intent, async () => {
    if (intent === "rate") await rateApi({ db, tenantId: tenant.id, viewer }, api.id, rating());
    else if (intent === "edit") await editRating({ db, tenantId: tenant.id, viewer }, api.id, rating());
    else if (intent === "delete") await deleteRating({ db, tenantId: tenant.id, viewer }, api.id);
    else if (intent === "reply")
      await replyToReview({ db, tenantId: tenant.id, viewer }, formText(form, "reviewId"), {
        body: formText(form, "body"),
      });
    else if (intent === "vote")
      await voteReviewHelpful(
        { db, tenantId: tenant.id, viewer },
        formText(form, "reviewId"),
        formText(form, "helpful") === "1",
      );
  });
  return { ...result, reviewId: formText(form, "reviewId") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "meta.apiTitle", vars: { name: loaderData?.name ?? "" } });

export default function ApiReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { reviews, signedIn, page } = loaderData;
  const [editing, setEditing] = useState(false);
  const failed = actionData && !actionData.ok ? actionData : null;
  const formError = failed && ["rate", "edit", "delete"].includes(failed.intent ?? "") ? failed.message : null;
  const showForm = !reviews.mine || editing || (failed?.intent === "edit" && !!formError);
  const sortHref = (sort: ReviewSort) => {
    const query = new URLSearchParams(location.search);
    query.delete("page");
    if (sort === "newest") query.delete("sort");
    else query.set("sort", sort);
    const qs = query.toString();
    return qs ? `${location.pathname}?${qs}` : location.pathname;
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[340px_minmax(0,1fr)]">
      <aside className="flex flex-col gap-4">
        <RatingSummaryPanel summary={reviews.summary} />
        {showForm && (
          <ReviewForm
            key={reviews.mine?.updatedAt ?? "new"}
            signedIn={signedIn}
            canRate={reviews.canRate}
            mine={reviews.mine}
            error={formError}
            onCancel={reviews.mine ? () => setEditing(false) : undefined}
          />
        )}
      </aside>
      <section data-testid="reviews" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-bold tracking-tight">{t("ratings.heading")}</h2>
          <nav aria-label={t("ratings.sortLabel")} className="flex flex-wrap gap-1" data-testid="review-sort">
            {REVIEW_SORTS.map((sort) => (
              <LocalLink
                key={sort}
                to={sortHref(sort)}
                preventScrollReset
                aria-current={reviews.sort === sort ? "true" : undefined}
                className="rounded-full px-3 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 aria-[current=true]:bg-accent/15 aria-[current=true]:text-accent dark:text-slate-300 dark:hover:bg-slate-800"
              >
                {t(`ratings.sort.${sort}`)}
              </LocalLink>
            ))}
          </nav>
        </div>
        {reviews.items.length === 0 ? (
          <EmptyState data-testid="reviews-empty">{t("ratings.noReviews")}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {reviews.items.map((review) => (
              <ReviewItem
                key={`${review.id}-${review.updatedAt}-${review.reply?.repliedAt ?? 0}`}
                review={review}
                signedIn={signedIn}
                canReply={reviews.canReply}
                onEdit={review.isMine ? () => setEditing(true) : undefined}
                replyError={failed?.intent === "reply" && actionData?.reviewId === review.id ? failed.message : null}
              />
            ))}
          </ul>
        )}
        <Pagination page={page} total={reviews.total} pageSize={REVIEWS_PAGE_SIZE} />
      </section>
    </div>
  );
}

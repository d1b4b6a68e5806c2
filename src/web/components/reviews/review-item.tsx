import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { RATING_LIMITS } from "../../../core/ratings/rating-messages";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale, useRootData } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import { RatingStars } from "../rating-stars";
import { useSocial } from "../social-state";
import { buttonClass } from "../ui/button";
import { FormError } from "../ui/form-field";
import { inputClass, quietButton, type ReviewView } from "./review-types";

/** One review: stars, title, author, Markdown body (sanitized HTML), helpful votes, the provider's reply. */
export function ReviewItem(props: {
  review: ReviewView;
  signedIn: boolean;
  canReply: boolean;
  onEdit?: () => void;
  replyError: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const social = useSocial();
  const vote = useFetcher<{ ok: boolean; message?: string }>();
  const { review } = props;
  const [replying, setReplying] = useState(false);
  // Optimistic while the vote is on its way; the loader's numbers once it is back.
  const pending = vote.formData ? vote.formData.get("helpful") === "1" : null;
  const voted = pending ?? review.votedHelpful;
  const helpfulCount = review.helpfulCount + (pending === null ? 0 : (pending ? 1 : 0) - (review.votedHelpful ? 1 : 0));
  const voteError =
    vote.data && !vote.data.ok && vote.data.message ? translateServerMessage(t, vote.data.message) : null;

  return (
    <li data-testid="review" className="flex flex-col gap-3 px-5 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={review.stars} votes={1} compact />
        {review.title && (
          <h3 dir="auto" data-testid="review-title" className="font-semibold break-words">
            {review.title}
          </h3>
        )}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <span className="font-medium text-slate-700 dark:text-slate-300">{review.author.username}</span>
        {review.isMine && <> ({t("ratings.you")})</>} · {formatDate(review.createdAt, locale)}
        {review.updatedAt > review.createdAt && <> · {t("ratings.edited")}</>}
      </p>
      {review.bodyHtml && (
        <div
          data-testid="review-body"
          dir="auto"
          className="prose prose-sm max-w-none break-words dark:prose-invert"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitized by core (content-markdown)
          dangerouslySetInnerHTML={{ __html: review.bodyHtml }}
        />
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        {!review.isMine && (
          <vote.Form method="post" preventScrollReset className="inline-flex items-center gap-2">
            <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
            <input type="hidden" name="intent" value="vote" />
            <input type="hidden" name="reviewId" value={review.id} />
            <input type="hidden" name="helpful" value={voted ? "0" : "1"} />
            <span>{t("ratings.helpfulQuestion")}</span>
            <button
              type="submit"
              data-testid="review-helpful"
              aria-pressed={voted}
              onClick={(event) => {
                if (!props.signedIn) {
                  event.preventDefault();
                  social.promptLogin("rate");
                }
              }}
              className={`${quietButton} aria-pressed:border-accent aria-pressed:bg-accent/10 aria-pressed:text-accent`}
            >
              {t("ratings.helpful")}
            </button>
          </vote.Form>
        )}
        {helpfulCount > 0 && (
          <span data-testid="review-helpful-count">{t("ratings.helpfulCount", { count: helpfulCount })}</span>
        )}
        {review.isMine && props.onEdit && (
          <>
            <button type="button" data-testid="review-edit" onClick={props.onEdit} className={quietButton}>
              {t("ratings.edit")}
            </button>
            <Form
              method="post"
              preventScrollReset
              onSubmit={(event) => {
                if (!window.confirm(t("ratings.deleteConfirm"))) event.preventDefault();
              }}
            >
              <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" data-testid="review-delete" className={quietButton}>
                {t("ratings.delete")}
              </button>
            </Form>
          </>
        )}
        {props.canReply && !review.reply && !replying && (
          <button type="button" data-testid="review-reply" onClick={() => setReplying(true)} className={quietButton}>
            {t("ratings.reply")}
          </button>
        )}
      </div>
      <FormError message={voteError} />
      {review.reply && (
        <div
          data-testid="review-reply-body"
          className="ms-4 rounded-xl border-s-4 border-accent/60 bg-slate-50 px-4 py-3 dark:bg-slate-800/50"
        >
          <p className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">
            {t("ratings.replyHeading")} · {review.reply.authorUsername} · {formatDate(review.reply.repliedAt, locale)}
          </p>
          <div
            dir="auto"
            className="prose prose-sm max-w-none break-words dark:prose-invert"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitized by core (content-markdown)
            dangerouslySetInnerHTML={{ __html: review.reply.bodyHtml }}
          />
        </div>
      )}
      {props.canReply && !review.reply && (replying || props.replyError) && (
        <Form method="post" preventScrollReset data-testid="review-reply-form" className="ms-4 flex flex-col gap-2">
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <FormError message={props.replyError ? translateServerMessage(t, props.replyError) : null} />
          <textarea
            name="body"
            rows={3}
            dir="auto"
            maxLength={RATING_LIMITS.replyMax}
            aria-label={t("ratings.replyPlaceholder")}
            placeholder={t("ratings.replyPlaceholder")}
            className={inputClass}
          />
          <div className="flex gap-2">
            <button
              type="submit"
              data-testid="review-reply-submit"
              className={buttonClass({ variant: "primary", size: "md" })}
            >
              {t("ratings.postReply")}
            </button>
            <button type="button" onClick={() => setReplying(false)} className={quietButton}>
              {t("ratings.cancel")}
            </button>
          </div>
        </Form>
      )}
    </li>
  );
}

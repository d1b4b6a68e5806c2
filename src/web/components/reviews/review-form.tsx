import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { RATING_LIMITS, RATING_MESSAGES } from "../../../core/ratings/rating-messages";
import { useTranslation } from "../../i18n/use-translation";
import { useRootData } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import { useSocial } from "../social-state";
import { FormError } from "../ui/form-field";
import { inputClass, primaryButton, quietButton, type ReviewView } from "./review-types";
import { StarInput } from "./star-input";

/**
 * Rate (no rating yet) or edit (the viewer's rating): stars, optional title and Markdown body. Signed-out visitors
 * get the login prompt (spec section 5: rating requires login); the API's provider gets a note instead.
 */
export function ReviewForm(props: {
  signedIn: boolean;
  canRate: boolean;
  mine: ReviewView | null;
  error: string | null;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const social = useSocial();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const editing = props.mine !== null;
  const error = clientError ?? (props.error ? translateServerMessage(t, props.error) : null);

  if (!props.signedIn) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-2 text-lg font-semibold">{t("ratings.rateHeading")}</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t("ratings.signInToRate")}</p>
        <button
          type="button"
          data-testid="review-sign-in"
          onClick={() => social.promptLogin("rate")}
          className={primaryButton}
        >
          {t("ratings.signIn")}
        </button>
      </section>
    );
  }
  if (!props.canRate) {
    return (
      <p
        data-testid="review-own-api"
        className="rounded-2xl border border-dashed border-slate-300 p-5 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
      >
        {t("ratings.ownApi")}
      </p>
    );
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="mb-4 text-lg font-semibold">{t(editing ? "ratings.editHeading" : "ratings.rateHeading")}</h2>
      <Form
        method="post"
        noValidate
        preventScrollReset
        data-testid="review-form"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          if (!form.get("stars")) {
            event.preventDefault();
            setClientError(RATING_MESSAGES.starsRange);
            return;
          }
          setClientError(null);
        }}
      >
        <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
        <input type="hidden" name="intent" value={editing ? "edit" : "rate"} />
        <FormError message={error} />
        <StarInput defaultValue={props.mine?.stars ?? null} invalid={!!error} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="review-title" className="text-sm font-semibold">
            {t("ratings.title")}
          </label>
          <input
            id="review-title"
            name="title"
            dir="auto"
            maxLength={RATING_LIMITS.titleMax}
            defaultValue={props.mine?.title ?? ""}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="review-body" className="text-sm font-semibold">
            {t("ratings.body")}
          </label>
          <textarea
            id="review-body"
            name="body"
            rows={5}
            dir="auto"
            maxLength={RATING_LIMITS.bodyMax}
            defaultValue={props.mine?.body ?? ""}
            className={inputClass}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            data-testid="review-submit"
            disabled={navigation.state === "submitting"}
            className={primaryButton}
          >
            {t(editing ? "ratings.save" : "ratings.submit")}
          </button>
          {props.onCancel && (
            <button type="button" onClick={props.onCancel} className={quietButton}>
              {t("ratings.cancel")}
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}

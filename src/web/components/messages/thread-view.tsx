import { Form, useNavigation } from "react-router";
import { MESSAGE_LIMITS } from "../../../core/messages/message-limits";
import type { ThreadView as Thread } from "../../../core/messages/messages.service";
import { useTranslation } from "../../i18n/use-translation";
import type { ActionResult } from "../../lib/action-result.server";
import { formatDate } from "../../lib/format";
import { useLocale, useRootData } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import { LocalLink } from "../localized-link";
import { Button } from "../ui/button";
import { FormError, FormNotice, SubmitButton } from "../ui/form-field";
import { Textarea } from "../ui/input";

/** One small form posting an intent (read/unread, archive, block) with the CSRF token. */
function IntentButton(props: { intent: string; label: string; csrf: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="csrfToken" value={props.csrf} />
      <input type="hidden" name="intent" value={props.intent} />
      <Button type="submit" variant="outline" size="sm" data-testid={`thread-${props.intent}`}>
        {props.label}
      </Button>
    </Form>
  );
}

/**
 * A conversation: messages oldest first (plain text, shown as text), a reply form, and the viewer side's actions.
 * The provider side can block the sender (decision 086).
 */
export function ThreadView(props: { base: string; thread: Thread; result: ActionResult | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const navigation = useNavigation();
  const csrf = root?.csrfToken ?? "";
  const { thread, result } = props;
  const error = result && !result.ok ? translateServerMessage(t, result.fields.body ?? result.message) : null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LocalLink to={props.base} className="text-sm font-semibold text-accent hover:underline">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>{" "}
          {t("messages.back")}
        </LocalLink>
        <div className="flex flex-wrap gap-2">
          <IntentButton intent="unread" label={t("messages.markUnread")} csrf={csrf} />
          {thread.archived ? (
            <IntentButton intent="unarchive" label={t("messages.unarchive")} csrf={csrf} />
          ) : (
            <IntentButton intent="archive" label={t("messages.archive")} csrf={csrf} />
          )}
          {thread.side === "provider" &&
            (thread.senderBlocked ? (
              <IntentButton intent="unblock" label={t("messages.unblock")} csrf={csrf} />
            ) : (
              <IntentButton intent="block" label={t("messages.block")} csrf={csrf} />
            ))}
        </div>
      </div>
      <header>
        <h2 dir="auto" data-testid="thread-subject" className="text-xl font-bold break-words">
          {thread.subject}
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t("messages.about", { api: thread.apiName })}
          {thread.side === "provider" && thread.consumerUsername
            ? ` · ${t("messages.from", { user: thread.consumerUsername })}`
            : ""}
        </p>
      </header>
      {thread.senderBlocked && <FormNotice message={t("messages.blockedNotice")} />}
      <ol className="flex flex-col gap-3">
        {thread.messages.map((m) => {
          const mine = m.side === thread.side;
          return (
            <li
              key={m.id}
              data-testid="thread-message"
              data-side={m.side}
              className={`max-w-[min(40rem,100%)] rounded-2xl border px-4 py-3 ${
                mine
                  ? "ms-auto border-accent/30 bg-accent/10"
                  : "me-auto border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
              }`}
            >
              <p className="mb-1 text-xs font-semibold text-slate-500 dark:text-slate-400">
                {mine ? t("messages.you") : m.side === "provider" ? t("messages.provider") : (m.authorUsername ?? "")}
                {" · "}
                {formatDate(m.createdAt, locale)}
              </p>
              {/* Plain text, rendered as text: hostile markup shows as typed. */}
              <p dir="auto" className="break-words whitespace-pre-wrap">
                {m.body}
              </p>
            </li>
          );
        })}
      </ol>
      {/* Keyed by the message count: a sent reply clears the box. */}
      <Form key={thread.messages.length} method="post" data-testid="thread-reply-form" className="flex flex-col gap-3">
        <input type="hidden" name="csrfToken" value={csrf} />
        <input type="hidden" name="intent" value="reply" />
        <label htmlFor="reply-body" className="text-sm font-semibold">
          {t("messages.reply")}
        </label>
        <Textarea
          id="reply-body"
          name="body"
          required
          maxLength={MESSAGE_LIMITS.body}
          rows={4}
          placeholder={t("messages.replyPlaceholder")}
          invalid={!!error}
        />
        <FormError message={error} />
        <div>
          <SubmitButton busy={navigation.state === "submitting"} testId="thread-reply-submit">
            {t("messages.reply")}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

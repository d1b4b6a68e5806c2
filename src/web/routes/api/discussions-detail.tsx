import { Form, useNavigation } from "react-router";
import { markDiscussionAnswer } from "../../../core/content/discussion-answers.service";
import { addDiscussionComment, getDiscussionThread } from "../../../core/content/discussions.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { apiPath } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { SignInToPost } from "../../components/sign-in-to-post";
import { Button } from "../../components/ui/button";
import { FormError } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { useLocale, useRootData } from "../../lib/root-data";
import { orNotFound } from "../../lib/route-errors.server";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/discussions-detail";
import { loadDiscussionsApi } from "./discussions-access.server";
import { KindBadge } from "./discussions-shared";

async function loadThread(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const api = await loadDiscussionsApi(context, params);
  const thread = await orNotFound(
    getDiscussionThread({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, params.issue, api.id),
  );
  return { api, thread };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { api, thread } = await loadThread(context, params);
  const d = thread.discussion;
  return {
    name: api.name,
    base: `${apiPath(api)}/discussions`,
    signedIn: !!context.viewer,
    discussion: {
      id: d.id,
      title: d.title,
      kind: d.kind,
      author: d.author.username,
      createdAt: d.createdAt,
      commentsCount: d.commentsCount,
      answerCommentId: d.answerCommentId,
    },
    canMarkAnswer: thread.canMarkAnswer,
    bodyHtml: thread.bodyHtml,
    comments: thread.comments.map((c) => ({
      id: c.id,
      kind: c.kind,
      author: c.author.username,
      createdAt: c.createdAt,
      bodyHtml: c.bodyHtml,
    })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { thread } = await loadThread(context, params);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const intent = formText(form, "intent");
  if (intent === "markAnswer" || intent === "unmarkAnswer") {
    // Decision 082: the use case checks that the viewer is the thread's author or the API's provider.
    const result: ActionResult = await runAction(intent, () =>
      markDiscussionAnswer(toUseCaseContext(context), {
        discussionId: thread.discussion.id,
        commentId: intent === "markAnswer" ? formText(form, "commentId") : null,
      }),
    );
    return result;
  }
  const result: ActionResult = await runAction("comment", () =>
    addDiscussionComment(
      { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
      thread.discussion.id,
      {
        body: formText(form, "body"),
      },
    ),
  );
  return result;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    key: "content.meta.discussionTitle",
    vars: { title: loaderData?.discussion.title ?? "", name: loaderData?.name ?? "" },
  });

function Byline(props: { author: string | null; createdAt: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <span className="text-xs text-slate-500 dark:text-slate-400">
      {props.author ?? t("content.discussions.unknownAuthor")} · {formatDate(props.createdAt, locale)}
    </span>
  );
}

function AcceptedBadge() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="accepted-answer"
      className="inline-flex w-fit shrink-0 items-center gap-1 rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-emerald-500 dark:text-slate-950"
    >
      <span aria-hidden="true">✓</span>
      {t("content.discussions.acceptedAnswer")}
    </span>
  );
}

/** Mark or unmark a reply as the answer (the thread's author or the API's provider; decision 082). */
function AnswerToggle(props: { commentId: string; isAnswer: boolean; csrfToken: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Form method="post" className="ms-auto">
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value={props.isAnswer ? "unmarkAnswer" : "markAnswer"} />
      <input type="hidden" name="commentId" value={props.commentId} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        data-testid={props.isAnswer ? "unmark-answer" : "mark-answer"}
        disabled={navigation.state === "submitting"}
      >
        {props.isAnswer ? t("content.discussions.unmarkAnswer") : t("content.discussions.markAnswer")}
      </Button>
    </Form>
  );
}

export default function DiscussionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const { discussion, bodyHtml, comments, base, signedIn, canMarkAnswer } = loaderData;
  const failed = actionData && !actionData.ok ? translateServerMessage(t, actionData.message) : null;
  const answerIntent = actionData?.intent === "markAnswer" || actionData?.intent === "unmarkAnswer";
  const error = answerIntent ? null : failed;
  const answerError = answerIntent ? failed : null;
  const posted = actionData?.ok === true && actionData.intent === "comment" && navigation.state === "idle";

  return (
    <article data-testid="discussion-detail" className="flex max-w-3xl flex-col gap-6">
      <LocalLink to={base} className="text-sm font-semibold text-accent hover:underline">
        ← {t("content.discussions.backToAll")}
      </LocalLink>
      <header className="flex flex-col gap-2">
        <KindBadge kind={discussion.kind} />
        <h1 dir="auto" data-testid="discussion-title" className="text-2xl font-bold tracking-tight break-words">
          {discussion.title}
        </h1>
        <Byline author={discussion.author} createdAt={discussion.createdAt} />
      </header>
      <div
        dir="auto"
        data-testid="discussion-body"
        className="prose max-w-none break-words rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered with html:false and sanitized on the server.
        dangerouslySetInnerHTML={{ __html: bodyHtml }}
      />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t("content.discussions.comments", { count: comments.length })}</h2>
        <FormError message={answerError} />
        {comments.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("content.discussions.noComments")}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {comments.map((c) => {
              const isAnswer = discussion.answerCommentId === c.id;
              return (
                <li
                  key={c.id}
                  id={`reply-${c.id}`}
                  data-testid="discussion-comment"
                  data-answer={isAnswer ? "true" : undefined}
                  className={`flex flex-col gap-2 rounded-xl border p-4 ${
                    isAnswer
                      ? "border-emerald-500 bg-success/5 dark:border-emerald-600"
                      : "border-slate-200 dark:border-slate-800"
                  }`}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    {isAnswer ? <AcceptedBadge /> : <KindBadge kind={c.kind} />}
                    <Byline author={c.author} createdAt={c.createdAt} />
                    {canMarkAnswer && (
                      <AnswerToggle commentId={c.id} isAnswer={isAnswer} csrfToken={root?.csrfToken ?? ""} />
                    )}
                  </span>
                  <div
                    dir="auto"
                    className="prose max-w-none break-words text-sm"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered with html:false and sanitized on the server.
                    dangerouslySetInnerHTML={{ __html: c.bodyHtml }}
                  />
                </li>
              );
            })}
          </ol>
        )}
      </section>
      {signedIn ? (
        <Form
          method="post"
          noValidate
          key={posted ? `posted-${comments.length}` : "comment"}
          data-testid="comment-form"
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          <label htmlFor="comment-body" className="text-sm font-semibold">
            {t("content.discussions.commentHeading")}
          </label>
          <FormError message={error} />
          <textarea
            id="comment-body"
            name="body"
            rows={4}
            maxLength={20_000}
            dir="auto"
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-[15px] outline-none focus:border-accent focus:ring-2 focus:ring-accent/25 dark:border-slate-700 dark:bg-slate-950"
          />
          <Button
            type="submit"
            data-testid="comment-post"
            disabled={navigation.state === "submitting"}
            size="lg"
            className="self-start shadow-sm"
          >
            {t("content.discussions.comment")}
          </Button>
        </Form>
      ) : (
        <SignInToPost
          message={t("content.discussions.signInToPost")}
          className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        />
      )}
    </article>
  );
}

import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DISCUSSION_MESSAGES } from "../../../core/content/discussion-messages";
import { createDiscussion, listDiscussions } from "../../../core/content/discussions.service";
import { apiPath } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { Pagination } from "../../components/pagination";
import { SignInToPost } from "../../components/sign-in-to-post";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { FormError } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { formatDate } from "../../lib/format";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { pageFromUrl } from "../../lib/paging";
import { useLocale, useRootData } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/discussions-list";
import { loadDiscussionsApi } from "./discussions-access.server";
import { KindBadge } from "./discussions-shared";

const PAGE_SIZE = 20;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadDiscussionsApi(context, params);
  const { page, offset, limit } = pageFromUrl(new URL(request.url), PAGE_SIZE);
  const list = await listDiscussions({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id, {
    offset,
    limit,
  });
  return {
    name: api.name,
    base: `${apiPath(api)}/discussions`,
    signedIn: !!context.viewer,
    page,
    total: list.total,
    discussions: list.nodes.map((d) => ({
      id: d.id,
      title: d.title,
      kind: d.kind,
      commentsCount: d.commentsCount,
      author: d.author.username,
      createdAt: d.createdAt,
    })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const api = await loadDiscussionsApi(context, params);
  const form = await request.formData();
  requireActionCsrf(request, form);
  let id = "";
  const result: ActionResult = await runAction("post", async () => {
    const created = await createDiscussion(
      { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
      api.id,
      {
        title: formText(form, "title"),
        body: formText(form, "body"),
      },
    );
    id = created.id;
  });
  if (result.ok) return localizedRedirect(`${apiPath(api)}/discussions/${id}`, params.lang);
  return result;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "content.meta.discussionsTitle", vars: { name: loaderData?.name ?? "" } });

export default function DiscussionsList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const { discussions, base, total, page } = loaderData;
  const serverError = actionData && !actionData.ok ? translateServerMessage(t, actionData.message) : null;
  const error = clientError ?? serverError;
  const { signedIn } = loaderData;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
      <section data-testid="discussions-list" className="flex min-w-0 flex-col gap-4">
        <h2 className="text-xl font-bold tracking-tight">{t("content.discussions.heading")}</h2>
        {discussions.length === 0 ? (
          <EmptyState data-testid="discussions-empty">{t("content.discussions.empty")}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {discussions.map((d) => (
              <li key={d.id}>
                <LocalLink
                  to={`${base}/${d.id}`}
                  data-testid="discussion-row"
                  className="flex flex-col gap-1.5 px-4 py-3.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <KindBadge kind={d.kind} />
                    <span dir="auto" className="font-semibold break-words">
                      {d.title}
                    </span>
                  </span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {d.author ?? t("content.discussions.unknownAuthor")} · {formatDate(d.createdAt, locale)} ·{" "}
                    {t("content.discussions.comments", { count: d.commentsCount })}
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
      </section>
      <section className="h-fit rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-4 text-lg font-semibold">{t("content.discussions.newHeading")}</h2>
        {/* Spec section 5: posting requires login; a visitor gets the way in, not a form that cannot be sent. */}
        {signedIn ? (
          <Form
            method="post"
            noValidate
            data-testid="discussion-form"
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              const form = new FormData(event.currentTarget);
              const title = String(form.get("title") ?? "").trim();
              const body = String(form.get("body") ?? "").trim();
              if (!title || !body) {
                event.preventDefault();
                setClientError(DISCUSSION_MESSAGES.required);
                return;
              }
              setClientError(null);
            }}
          >
            <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
            <FormError message={error} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="discussion-title" className="text-sm font-semibold">
                {t("content.discussions.title")}
              </label>
              <Input id="discussion-title" name="title" maxLength={200} dir="auto" />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="discussion-body" className="text-sm font-semibold">
                {t("content.discussions.body")}
              </label>
              <Textarea id="discussion-body" name="body" rows={6} maxLength={20_000} dir="auto" />
            </div>
            <Button
              type="submit"
              data-testid="discussion-post"
              disabled={navigation.state === "submitting"}
              size="lg"
              className="self-start shadow-sm"
            >
              {t("content.discussions.post")}
            </Button>
          </Form>
        ) : (
          <SignInToPost message={t("content.discussions.signInToPost")} />
        )}
      </section>
    </div>
  );
}

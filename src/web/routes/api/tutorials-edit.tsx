import type { ShouldRevalidateFunctionArgs } from "react-router";
import { renderContentMarkdown } from "../../../core/content/content-markdown";
import { getTutorialPage } from "../../../core/content/tutorials.service";
import { apiPath } from "../../components/api-card";
import { useTranslation } from "../../i18n/use-translation";
import { notFound } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/tutorials-edit";
import { TutorialEditor } from "./tutorials-editor";
import { loadTutorialEditorApi, tutorialEditorAction } from "./tutorials-editor.server";

async function editable({ context, params, request }: Route.LoaderArgs | Route.ActionArgs) {
  const api = await loadTutorialEditorApi(context, request, params);
  const page = await getTutorialPage(
    { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
    api.id,
    params.tutorial,
  ).catch(() => notFound());
  return { api, tutorial: page.tutorial };
}

export async function loader(args: Route.LoaderArgs) {
  const { api, tutorial } = await editable(args);
  const rendered = await renderContentMarkdown(tutorial.body);
  return {
    name: api.name,
    base: `${apiPath(api)}/tutorials`,
    tutorial: {
      title: tutorial.title,
      thumbnailUrl: tutorial.thumbnailUrl,
      body: tutorial.body,
      draft: tutorial.draft,
      slug: tutorial.slug,
    },
    preview: { html: rendered.html, toc: rendered.toc },
  };
}

export async function action(args: Route.ActionArgs) {
  const { context, request, params } = args;
  const { tutorial } = await editable(args);
  return tutorialEditorAction(context, request, params, tutorial.id);
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "content.meta.tutorialEditorTitle", vars: { name: loaderData?.name ?? "" } }),
  { name: "robots", content: "noindex" },
];

export default function EditTutorial({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TutorialEditor
      heading={t("content.tutorials.editorTitleEdit")}
      tutorial={loaderData.tutorial}
      initialPreview={loaderData.preview}
      actionData={actionData}
      cancelTo={`${loaderData.base}/${loaderData.tutorial.slug}`}
      canDelete
    />
  );
}

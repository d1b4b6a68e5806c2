import type { ShouldRevalidateFunctionArgs } from "react-router";
import { apiPath } from "../../components/api-card";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/tutorials-new";
import { TutorialEditor } from "./tutorials-editor";
import { loadTutorialEditorApi, tutorialEditorAction } from "./tutorials-editor.server";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadTutorialEditorApi(context, request, params);
  return { name: api.name, base: `${apiPath(api)}/tutorials` };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return tutorialEditorAction(context, request, params, null);
}

// The live preview posts to this action; it changes nothing, so the page's data need not be reloaded.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "content.meta.tutorialEditorTitle", vars: { name: loaderData?.name ?? "" } }),
  { name: "robots", content: "noindex" },
];

export default function NewTutorial({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TutorialEditor
      heading={t("content.tutorials.editorTitleNew")}
      tutorial={null}
      initialPreview={null}
      actionData={actionData}
      cancelTo={loaderData.base}
      canDelete={false}
    />
  );
}

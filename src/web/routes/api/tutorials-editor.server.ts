import type { AppLoadContext } from "react-router";
import { renderContentMarkdown } from "../../../core/content/content-markdown";
import { TUTORIAL_BODY_MAX } from "../../../core/content/tutorial-validation";
import { createTutorial, deleteTutorial, updateTutorial } from "../../../core/content/tutorials.service";
import { apiPath } from "../../components/api-card";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { notFound } from "../../lib/http-errors";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { requireEditor } from "../../lib/route-guards.server";

type Params = { lang?: string; username?: string; slug?: string; tutorial?: string };

/** The API of a tutorials route; 404 when the tenant switched tutorials off (spec: tabs hidden by switch). */
export async function loadTutorialsApi(context: AppLoadContext, params: Params) {
  if (!context.tenant.config.switches.tutorials) notFound();
  return loadApiOr404(context, params);
}

/** The API when the viewer may write its tutorials; anyone else gets the same 404 as a missing page. */
export async function loadTutorialEditorApi(context: AppLoadContext, request: Request, params: Params) {
  if (!context.tenant.config.switches.tutorials) notFound();
  return (await requireEditor(context, request, params)).api;
}

export type PreviewResult = { intent: "preview"; html: string; toc: Array<{ id: string; text: string }> };

/**
 * The editor's action: "preview" renders the body (sanitized, like the published page) for the live preview;
 * "save" creates or updates and goes to the tutorial; "delete" removes it and goes back to the list.
 */
export async function tutorialEditorAction(
  context: AppLoadContext,
  request: Request,
  params: Params,
  tutorialId: string | null,
): Promise<PreviewResult | ActionResult | Response> {
  const api = await loadTutorialEditorApi(context, request, params);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const intent = formText(form, "intent");
  const { db, tenant, viewer } = context;
  if (intent === "preview") {
    const rendered = await renderContentMarkdown(formText(form, "body").slice(0, TUTORIAL_BODY_MAX));
    return { intent: "preview", html: rendered.html, toc: rendered.toc };
  }
  const base = `${apiPath(api)}/tutorials`;
  if (intent === "delete" && tutorialId) {
    const result = await runAction("delete", () => deleteTutorial({ db, tenantId: tenant.id, viewer }, tutorialId));
    return result.ok ? localizedRedirect(base, params.lang) : result;
  }
  const input = {
    title: formText(form, "title"),
    thumbnailUrl: formText(form, "thumbnailUrl"),
    body: formText(form, "body"),
    draft: formText(form, "status") !== "published",
  };
  let slug = "";
  const result = await runAction("save", async () => {
    const saved = tutorialId
      ? await updateTutorial({ db, tenantId: tenant.id, viewer }, tutorialId, input)
      : await createTutorial({ db, tenantId: tenant.id, viewer }, api.id, input);
    slug = saved.slug;
  });
  return result.ok ? localizedRedirect(`${base}/${slug}`, params.lang) : result;
}

import { apiLlms } from "../../../core/llms/llms.service";
import { whenRefused } from "../../lib/route-errors.server";
import type { Route } from "./+types/api-llms";
import { llmsClosed, llmsUrls, llmsViewer, notFoundText, textAnswer } from "./llms-response.server";

/**
 * GET /{owner}/api/{slug}/llms.txt and /{owner}/api/{slug}/index.md: one API for assistants, as llms.txt or as the
 * API page in Markdown. Same visibility as the page: a private API is not found for anyone it was not given to.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (llmsClosed(context)) return notFoundText();
  const viewer = llmsViewer(context);
  const format = new URL(request.url).pathname.endsWith(".md") ? "markdown" : "llms";
  const text = await whenRefused(
    apiLlms(
      { db: context.db, tenantId: context.tenant.id, viewer },
      {
        ...llmsUrls(context, request),
        owner: params.username,
        slug: params.slug,
        format,
        specDownload: context.tenant.config.switches.specsTab,
      },
    ),
    ["NOT_FOUND"],
    () => null,
  );
  if (text === null) return notFoundText();
  return textAnswer(text, format === "markdown" ? "text/markdown" : "text/plain", viewer !== null);
}

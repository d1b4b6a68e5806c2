import { siteLlms } from "../../../core/llms/llms.service";
import type { Route } from "./+types/site-llms";
import { llmsClosed, llmsUrls, llmsViewer, notFoundText, textAnswer } from "./llms-response.server";

/** GET /llms.txt: the catalog for assistants (llmstxt.org format), the APIs the reader may see, most popular first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (llmsClosed(context)) return notFoundText();
  const viewer = llmsViewer(context);
  const text = await siteLlms(
    { db: context.db, tenantId: context.tenant.id, viewer },
    {
      ...llmsUrls(context, request),
      brandName: context.tenant.config.brandName,
    },
  );
  return textAnswer(text, "text/plain", viewer !== null);
}

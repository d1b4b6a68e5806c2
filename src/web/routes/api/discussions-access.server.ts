import type { AppLoadContext } from "react-router";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { notFound } from "../../lib/http-errors";

/** The API of a discussions route; 404 when the tenant switched discussions off. */
export async function loadDiscussionsApi(context: AppLoadContext, params: { username?: string; slug?: string }) {
  if (!context.tenant.config.switches.discussions) notFound();
  return loadApiOr404(context, params);
}

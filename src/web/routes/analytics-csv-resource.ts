import { consumerAnalytics, providerAnalytics, tenantAnalytics } from "../../core/analytics/analytics.service";
import { dashboardCsv } from "../../core/analytics/analytics-csv";
import { isAppError } from "../../core/errors/app-error";
import { rangeInputFromUrl } from "../lib/analytics-params";
import type { Route } from "./+types/analytics-csv-resource";

/**
 * GET /resources/analytics-csv?audience=provider|consumer|admin&api=&app=&range=…: the CSV of the dashboard the page
 * shows, under the same rules (core decides who may read what; a refusal is its status with the message as text).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db, tenant, viewer } = context;
  const range = rangeInputFromUrl(url);
  const audience = url.searchParams.get("audience");
  const apiId = url.searchParams.get("api") || null;
  try {
    let dashboard: Awaited<ReturnType<typeof tenantAnalytics>>;
    if (audience === "provider") {
      dashboard = (await providerAnalytics({ db, tenantId: tenant.id, viewer }, { apiId, range })).dashboard;
    } else if (audience === "consumer") {
      dashboard = await consumerAnalytics(
        { db, tenantId: tenant.id, viewer },
        {
          appId: url.searchParams.get("app") ?? "",
          apiId,
          range,
        },
      );
    } else if (audience === "admin") {
      dashboard = await tenantAnalytics({ db, tenantId: tenant.id, viewer }, { range });
    } else {
      return new Response("Unknown audience: use provider, consumer or admin", { status: 400 });
    }
    const day = new Date(dashboard.range.from).toISOString().slice(0, 10);
    return new Response(dashboardCsv(dashboard), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="analytics-${audience}-${day}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}

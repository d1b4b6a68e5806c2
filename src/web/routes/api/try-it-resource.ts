import { DEFAULT_TENANT_ID } from "../../../common/tenant-config";
import { getEndpointTarget, mockEndpointResponse } from "../../../core/catalog/endpoint-detail.service";
import { requireSlug, requireUsername } from "../../lib/http-errors";
import { buildSnippets } from "../../lib/snippet-targets.server";
import {
  gatewayInternalBase,
  gatewayPublicBase,
  hasTryItCsrf,
  operationOf,
  sendThroughGateway,
  type TryItResult,
} from "../../lib/try-it-gateway.server";
import { buildTryItRequest, parseTryItInput, TRY_IT_LIMITS, tryItUrl } from "../../lib/try-it-request";
import type { Route } from "./+types/try-it-resource";

const ENDPOINT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The JSON envelope around the body: the body limit plus room for parameters. */
const MAX_POST_BYTES = TRY_IT_LIMITS.maxBodyBytes + 2 * TRY_IT_LIMITS.maxParams * TRY_IT_LIMITS.maxValueLength;

function refuse(status: number, error: string, fields: Record<string, string> = {}) {
  return Response.json({ ok: false as const, error, fields }, { status, headers: { "Cache-Control": "no-store" } });
}

async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_POST_BYTES) return undefined;
  const text = await request.text();
  if (text.length > MAX_POST_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /resources/try-it/{username}/{slug}/{endpointId} with JSON { intent, params, body, contentType, apiKey }.
 * intent "snippets": the code snippets of that request; intent "send": the call itself, through Portico's gateway with
 * the user's key, or answered in mock mode from the spec when no key is given. The target is always this API's own
 * gateway route with this operation's path (see try-it-request.ts), so the route is no open proxy.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  if (request.method !== "POST") return refuse(405, "Use POST");
  if (!hasTryItCsrf(request)) return refuse(403, "Invalid or missing CSRF token: reload the page");
  const ownerUsername = requireUsername(params.username);
  const slug = requireSlug(params.slug);
  if (!ENDPOINT_ID.test(params.endpointId)) return refuse(404, "Endpoint not found");
  const raw = await readJson(request);
  const input = parseTryItInput(raw);
  if (!input) return refuse(400, "The request could not be read");
  const intent = (raw as { intent?: unknown }).intent === "snippets" ? "snippets" : "send";

  const target = await getEndpointTarget(
    context.db,
    context.tenant.id,
    { ownerUsername, slug },
    params.endpointId,
    context.viewer,
  );
  if (!target) return refuse(404, "Endpoint not found");
  const built = buildTryItRequest(operationOf(target), input, { lenient: intent === "snippets" });
  if (!built.ok) return refuse(400, "Please correct the highlighted fields", built.errors);

  const publicBase = gatewayPublicBase(context.config);
  if (intent === "snippets") {
    const tenantHeader = context.tenant.id === DEFAULT_TENANT_ID ? null : context.tenant.id;
    return Response.json(
      { ok: true as const, snippets: buildSnippets(built.request, publicBase, { tenantHeader }) },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  let result: TryItResult;
  if (input.apiKey) {
    result = await sendThroughGateway(gatewayInternalBase(context.config), publicBase, built.request, {
      apiKey: input.apiKey,
      tenantId: context.tenant.id,
      signal: request.signal,
    });
  } else {
    const started = performance.now();
    const mock = await mockEndpointResponse(context.db, context.tenant.id, target);
    result = {
      via: "mock",
      status: mock.status,
      statusText: "",
      headers: [
        ["content-type", mock.contentType],
        ["x-portico-mock", "true"],
      ],
      body: mock.body,
      truncated: false,
      timeMs: Math.round(performance.now() - started),
      url: tryItUrl(publicBase, built.request),
    };
  }
  return Response.json({ ok: true as const, result }, { headers: { "Cache-Control": "no-store" } });
}

import { z } from "zod";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { requireViewer } from "../accounts/accounts.policy";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { announceGatewayChange } from "../plans/gateway-changes";
import { assertCanManageApi } from "../plans/plans.policy";
import { selectNormalizedDoc } from "../upstreams/upstreams.queries";
import type { UseCaseContext } from "../use-case-context";
import {
  deleteToolSetting,
  selectAppSubscribedApis,
  selectCurrentVersionId,
  selectToolSettings,
  selectToolSources,
  upsertToolSetting,
} from "./mcp.queries";
import { baseToolName, buildTools, type McpTool, type ToolSetting } from "./mcp-tools";

export const MAX_TOOL_DESCRIPTION = 1_000;

function parseDoc(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

async function settingsOf(db: Db, tenantId: string, apiId: string): Promise<ToolSetting[]> {
  const rows = await selectToolSettings(db, tenantId, apiId);
  return rows.map((r) => ({ endpoint: r.endpoint, hidden: r.hidden === 1, description: r.description }));
}

/**
 * The MCP tools of an API's version (its current one: the gateway passes the version it resolved the API at), with
 * the provider's settings applied. No authorization: the gateway decides who may list (a key subscribed to the API).
 */
export async function loadApiTools(db: Db, tenantId: string, apiId: string, versionId: string | null) {
  if (!versionId) return [];
  const [sources, docText, settings] = await Promise.all([
    selectToolSources(db, tenantId, versionId),
    selectNormalizedDoc(db, tenantId, versionId),
    settingsOf(db, tenantId, apiId),
  ]);
  return buildTools(sources, parseDoc(docText), settings);
}

export interface McpOperation {
  endpoint: string;
  method: string;
  path: string;
  /** The tool's name when offered (unique within the API); the base name when hidden. */
  toolName: string;
  summary: string | null;
  hidden: boolean;
  /** The provider's description; null: the spec's. */
  descriptionOverride: string | null;
  /** What the tool says now (the override or the spec's summary and description). */
  toolDescription: string;
}

/** Studio: every operation of the current version with its MCP settings. API managers only. */
export async function listMcpOperations(ctx: UseCaseContext, apiId: string): Promise<McpOperation[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  await assertCanManageApi(db, tenantId, v.id, apiId);
  const versionId = await selectCurrentVersionId(db, tenantId, apiId);
  if (!versionId) return [];
  const [sources, settings] = await Promise.all([
    selectToolSources(db, tenantId, versionId),
    settingsOf(db, tenantId, apiId),
  ]);
  const byEndpoint = new Map(settings.map((s) => [s.endpoint, s]));
  // Tool names as offered: built without hidden operations and without the (costly) schemas' doc.
  const offered = new Map(buildTools(sources, {}, settings).map((t) => [t.endpoint, t]));
  return sources.map((s) => {
    const endpoint = `${s.method.toUpperCase()} ${s.path}`;
    const setting = byEndpoint.get(endpoint);
    const tool: McpTool | undefined = offered.get(endpoint);
    return {
      endpoint,
      method: s.method.toUpperCase(),
      path: s.path,
      toolName: tool?.name ?? baseToolName(s.method, s.path, s.operationId),
      summary: s.summary,
      hidden: setting?.hidden ?? false,
      descriptionOverride: setting?.description ?? null,
      toolDescription:
        tool?.description ??
        buildTools([s], {}, [{ endpoint, hidden: false, description: null }])[0]?.description ??
        "",
    };
  });
}

const settingInput = z.object({
  apiId: z.string().min(1),
  endpoint: z.string().min(3).max(2_100),
  hidden: z.boolean(),
  description: z
    .string()
    .max(MAX_TOOL_DESCRIPTION, `Keep the tool description under ${MAX_TOOL_DESCRIPTION} characters`)
    .nullable()
    .optional(),
});

/**
 * Studio: hides an operation from MCP or rewords its tool, without touching the spec. Connected MCP clients are told
 * their tool list changed (the gateway announces it on the API's change).
 */
export async function setMcpToolSetting(ctx: UseCaseContext, input: unknown): Promise<McpOperation> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(settingInput, input);
  await assertCanManageApi(db, tenantId, v.id, data.apiId);
  const versionId = await selectCurrentVersionId(db, tenantId, data.apiId);
  const sources = versionId ? await selectToolSources(db, tenantId, versionId) : [];
  if (!sources.some((s) => `${s.method.toUpperCase()} ${s.path}` === data.endpoint)) {
    throw new AppError("NOT_FOUND", "This API's current version has no such operation");
  }
  const description = data.description?.trim() ? data.description.trim() : null;
  await inTransaction(db, async (trx) => {
    if (!data.hidden && description === null) await deleteToolSetting(trx, tenantId, data.apiId, data.endpoint);
    else {
      await upsertToolSetting(trx, tenantId, {
        apiId: data.apiId,
        endpoint: data.endpoint,
        hidden: data.hidden,
        description,
        userId: v.id,
      });
    }
  });
  announceGatewayChange({ kind: "api", apiId: data.apiId });
  const operations = await listMcpOperations({ db, tenantId, viewer: v }, data.apiId);
  const updated = operations.find((o) => o.endpoint === data.endpoint);
  if (!updated) throw new AppError("NOT_FOUND", "This API's current version has no such operation");
  return updated;
}

/** The APIs an app holds subscriptions to, as the gateway addresses them (its rules decide which may be called). */
export async function appSubscribedApis(db: Db, tenantId: string, appId: string) {
  const rows = await selectAppSubscribedApis(db, tenantId, appId);
  return rows.map((r) => ({ owner: r.owner, slug: r.slug }));
}

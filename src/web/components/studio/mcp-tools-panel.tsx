import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { graphqlRequest, RequestError } from "../../lib/graphql-client";

/** One operation as the studio edits it (the GraphQL McpOperation). */
interface McpOperation {
  endpoint: string;
  method: string;
  path: string;
  toolName: string;
  summary: string | null;
  hidden: boolean;
  descriptionOverride: string | null;
  toolDescription: string;
}

const FIELDS = "endpoint method path toolName summary hidden descriptionOverride toolDescription";
const LIST = `query($id: ID!) { apiMcpOperations(apiId: $id) { ${FIELDS} } }`;
const SET = `mutation($id: ID!, $endpoint: String!, $hidden: Boolean!, $description: String) {
  setMcpToolSetting(apiId: $id, endpoint: $endpoint, hidden: $hidden, description: $description) { ${FIELDS} }
}`;
/** Rows shown at once; the filter finds the others in a spec of thousands of operations. */
const SHOWN = 50;

function OperationRow(props: { apiId: string; op: McpOperation; onSaved: (op: McpOperation) => void }) {
  const { t } = useTranslation();
  const { op } = props;
  const [offered, setOffered] = useState(!op.hidden);
  const [description, setDescription] = useState(op.descriptionOverride ?? "");
  const [state, setState] = useState<{ kind: "idle" | "saving" | "saved" } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  const dirty = offered === op.hidden || description.trim() !== (op.descriptionOverride ?? "");

  async function save() {
    setState({ kind: "saving" });
    try {
      const data = await graphqlRequest<{ setMcpToolSetting: McpOperation }>(SET, {
        id: props.apiId,
        endpoint: op.endpoint,
        hidden: !offered,
        description: description.trim() || null,
      });
      props.onSaved(data.setMcpToolSetting);
      setState({ kind: "saved" });
    } catch (error) {
      setState({ kind: "error", message: error instanceof RequestError ? error.message : t("mcp.studio.saveFailed") });
    }
  }

  const fieldId = `mcp-desc-${op.endpoint.replace(/[^A-Za-z0-9]+/g, "-")}`;
  return (
    <li data-testid="mcp-operation" className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <code dir="ltr" className="font-mono text-xs font-semibold">
          {op.method} {op.path}
        </code>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {t("mcp.studio.toolName")}{" "}
          <code dir="ltr" className="font-mono">
            {op.toolName}
          </code>
        </span>
        <label className="ms-auto inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="mcp-offered"
            checked={offered}
            onChange={(e) => setOffered(e.target.checked)}
          />
          {t("mcp.studio.offered")}
        </label>
      </div>
      <label htmlFor={fieldId} className="sr-only">
        {t("mcp.studio.description")}
      </label>
      <textarea
        id={fieldId}
        data-testid="mcp-description"
        dir="auto"
        rows={2}
        maxLength={1000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder={t("mcp.studio.fromSpec", { text: op.summary ?? `${op.method} ${op.path}` })}
        className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      <div className="flex items-center gap-3">
        <button
          type="button"
          data-testid="mcp-save"
          disabled={!dirty || state.kind === "saving"}
          onClick={save}
          className="h-8 rounded-md bg-accent px-3 text-xs font-semibold text-white disabled:opacity-50"
        >
          {t("mcp.studio.save")}
        </button>
        <span role="status" className="text-xs">
          {state.kind === "saved" && (
            <span className="text-emerald-700 dark:text-emerald-400">{t("mcp.studio.saved")}</span>
          )}
          {state.kind === "error" && <span className="text-rose-700 dark:text-rose-400">{state.message}</span>}
        </span>
      </div>
    </li>
  );
}

/**
 * Studio: the operations of the current version as MCP tools. Hiding one or describing it anew changes what agents
 * see at once (connected clients are told their tool list changed); the spec is not touched and the operation stays
 * callable through the gateway.
 */
export function McpToolsPanel(props: { apiId: string }) {
  const { t } = useTranslation();
  const [ops, setOps] = useState<McpOperation[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    let live = true;
    graphqlRequest<{ apiMcpOperations: McpOperation[] }>(LIST, { id: props.apiId })
      .then((data) => live && setOps(data.apiMcpOperations))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [props.apiId]);

  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    const all = ops ?? [];
    const matching = term
      ? all.filter((o) => `${o.endpoint} ${o.toolName} ${o.summary ?? ""}`.toLowerCase().includes(term))
      : all;
    return { items: matching.slice(0, SHOWN), total: matching.length };
  }, [ops, filter]);

  return (
    <section
      data-testid="mcp-tools-panel"
      aria-labelledby="mcp-tools-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="mcp-tools-title" className="text-lg font-semibold">
        {t("mcp.studio.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("mcp.studio.intro")}</p>
      {failed && <p className="mt-3 text-sm text-rose-700 dark:text-rose-400">{t("mcp.studio.loadFailed")}</p>}
      {!failed && ops === null && (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t("common.loading")}</p>
      )}
      {ops && ops.length === 0 && (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t("mcp.studio.empty")}</p>
      )}
      {ops && ops.length > 0 && (
        <>
          <input
            type="search"
            data-testid="mcp-filter"
            aria-label={t("mcp.studio.filter")}
            placeholder={t("mcp.studio.filter")}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="mt-3 h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            {t("mcp.studio.showing", { shown: String(shown.items.length), total: String(shown.total) })}
          </p>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.items.map((op) => (
              <OperationRow
                key={op.endpoint}
                apiId={props.apiId}
                op={op}
                onSaved={(saved) =>
                  setOps((current) => current?.map((o) => (o.endpoint === saved.endpoint ? saved : o)) ?? null)
                }
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

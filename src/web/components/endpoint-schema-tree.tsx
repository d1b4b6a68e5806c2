import type { SchemaNode } from "../../core/catalog/schema-view";
import { useTranslation } from "../i18n/use-translation";

/** "array of Pet", "string (date-time)", "object Pet"... */
export function schemaTypeLabel(node: SchemaNode): string {
  if (node.type === "array") {
    const items = node.children?.find((c) => c.name === "items");
    if (items) return `array<${items.refName ?? schemaTypeLabel(items)}>`;
    return "array";
  }
  const base = node.format ? `${node.type} (${node.format})` : node.type;
  return node.refName && node.type === "object" ? node.refName : base;
}

function Facts(props: { node: SchemaNode }) {
  const { t } = useTranslation();
  const { node } = props;
  return (
    <>
      <code dir="ltr" className="font-mono text-[12px] text-violet-700 dark:text-violet-300">
        {schemaTypeLabel(node)}
      </code>
      {node.required ? (
        <span data-testid="schema-required" className="text-[11px] font-semibold text-danger">
          {t("endpointDetail.required")}
        </span>
      ) : null}
      {node.nullable && (
        <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("endpointDetail.nullable")}</span>
      )}
      {node.readOnly && (
        <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("endpointDetail.readOnly")}</span>
      )}
      {node.writeOnly && (
        <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("endpointDetail.writeOnly")}</span>
      )}
      {node.deprecated && (
        <span className="text-[11px] font-semibold text-amber-700 dark:text-amber-400">
          {t("endpointDetail.deprecated")}
        </span>
      )}
      {node.circular && (
        <span data-testid="schema-circular" className="text-[11px] italic text-slate-500 dark:text-slate-400">
          {t("endpointDetail.circular", { name: node.refName ?? "" })}
        </span>
      )}
      {node.unresolved && (
        <span className="text-[11px] italic text-slate-500 dark:text-slate-400">
          {t("endpointDetail.unresolved", { ref: node.unresolved })}
        </span>
      )}
    </>
  );
}

function Details(props: { node: SchemaNode }) {
  const { t } = useTranslation();
  const { node } = props;
  const hasExtras = node.description || node.enum || node.const || node.example || node.default || node.constraints;
  if (!hasExtras && !node.truncated) return null;
  return (
    <div className="mt-0.5 flex flex-col gap-1 text-[13px] text-slate-600 dark:text-slate-400">
      {node.description && (
        <p dir="auto" className="whitespace-pre-line break-words">
          {node.description}
        </p>
      )}
      {node.constraints && (
        <p className="font-mono text-[11px] text-slate-500 dark:text-slate-400">{node.constraints.join(" · ")}</p>
      )}
      {node.const && (
        <p className="break-all" data-testid="schema-const">
          <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("reference.constValue")}: </span>
          <code
            dir="ltr"
            className="rounded bg-slate-100 px-1.5 font-mono text-[11px] text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            {node.const}
          </code>
        </p>
      )}
      {node.enum && (
        <p className="flex flex-wrap items-center gap-1">
          <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("endpointDetail.allowedValues")}:</span>
          {node.enum.map((v) => (
            <code
              key={v}
              dir="ltr"
              className="rounded bg-slate-100 px-1.5 font-mono text-[11px] text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {v}
            </code>
          ))}
          {node.enumTruncated && <span>…</span>}
        </p>
      )}
      {node.example && (
        <p className="break-all">
          <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("endpointDetail.example")}: </span>
          <code dir="ltr" className="font-mono text-[12px]">
            {node.example}
          </code>
        </p>
      )}
      {node.default && (
        <p className="break-all">
          <span className="text-[11px] text-slate-500 dark:text-slate-400">{t("endpointDetail.defaultValue")}: </span>
          <code dir="ltr" className="font-mono text-[12px]">
            {node.default}
          </code>
        </p>
      )}
      {node.truncated && (
        <p className="text-[11px] italic text-slate-500 dark:text-slate-400">{t("endpointDetail.truncated")}</p>
      )}
    </div>
  );
}

function NodeRow(props: { node: SchemaNode; depth: number }) {
  const { node, depth } = props;
  const children = node.children ?? [];
  const head = (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      {node.name !== undefined && (
        <code dir="ltr" className="font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">
          {node.name}
        </code>
      )}
      <Facts node={node} />
    </span>
  );
  if (children.length === 0) {
    return (
      <li data-testid="schema-node" className="py-1.5">
        {head}
        <Details node={node} />
      </li>
    );
  }
  return (
    <li data-testid="schema-node" className="py-1.5">
      {/* Collapsible: the first two levels open, deeper ones on demand (big schemas stay readable). */}
      <details open={depth < 2} className="group/schema">
        <summary className="flex cursor-pointer list-none items-start gap-1.5 [&::-webkit-details-marker]:hidden">
          <span
            aria-hidden="true"
            className="mt-0.5 inline-block w-3 shrink-0 text-slate-400 transition group-open/schema:rotate-90"
          >
            ▸
          </span>
          <span className="min-w-0">{head}</span>
        </summary>
        <div className="ps-4">
          <Details node={node} />
          <SchemaChildren nodes={children} depth={depth + 1} />
        </div>
      </details>
    </li>
  );
}

function SchemaChildren(props: { nodes: SchemaNode[]; depth: number }) {
  return (
    <ul className="ms-1 border-s border-slate-200 ps-3 dark:border-slate-700">
      {/* Children always have names, unique within their parent (property names, "items", "one of #n"). */}
      {props.nodes.map((child) => (
        <NodeRow key={child.name ?? child.type} node={child} depth={props.depth} />
      ))}
    </ul>
  );
}

/** A schema as a readable, collapsible tree: names, types, required markers, enums, examples, constraints. */
export function SchemaTree(props: { node: SchemaNode }) {
  const { node } = props;
  const children = node.children ?? [];
  return (
    <div data-testid="schema-tree" className="text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Facts node={node} />
      </div>
      <Details node={node} />
      {children.length > 0 && <SchemaChildren nodes={children} depth={0} />}
    </div>
  );
}

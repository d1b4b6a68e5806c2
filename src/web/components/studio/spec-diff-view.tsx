import type { ImportResult } from "../../../core/api-specs/api-specs.types";
import { useTranslation } from "../../i18n/use-translation";
import { SearchMethodBadge } from "../search-method-badge";

type Operation = { method: string; path: string; summary: string | null };

function OperationList(props: {
  title: string;
  items: Array<Operation & { parts?: string[] }>;
  testId: string;
  tone: string;
}) {
  const { t } = useTranslation();
  if (props.items.length === 0) return null;
  return (
    <div data-testid={props.testId}>
      <h4 className={`text-sm font-semibold ${props.tone}`}>{props.title}</h4>
      <ul className="mt-2 flex flex-col gap-1.5">
        {props.items.map((op) => (
          <li key={`${op.method} ${op.path}`} className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
            <SearchMethodBadge method={op.method} />
            <code dir="ltr" className="min-w-0 break-all font-mono text-[13px]">
              {op.path}
            </code>
            {op.parts && (
              <span className="text-xs text-slate-500 dark:text-slate-400">
                ({op.parts.map((p) => t(`studio.import.parts.${p}`)).join(", ")})
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What a (re-)import changed: added, removed and changed operations. */
export function SpecDiffView(props: { result: ImportResult }) {
  const { t } = useTranslation();
  const { diff, version, previousVersionId } = props.result;
  const nothing = diff.added.length + diff.removed.length + diff.changed.length === 0;
  return (
    <div data-testid="spec-diff" className="flex flex-col gap-4 rounded-xl border border-success/30 bg-success/5 p-4">
      <p role="status" className="font-semibold">
        {t("studio.import.imported", { version: version.version || "—", count: version.endpointsCount })}
      </p>
      <h3 className="text-base font-semibold">{t("studio.import.diffHeading")}</h3>
      {previousVersionId === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.import.firstImport")}</p>
      ) : nothing ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.import.noChanges")}</p>
      ) : null}
      {previousVersionId !== null && (
        <>
          <OperationList
            title={t("studio.import.added", { count: diff.added.length })}
            items={diff.added}
            testId="diff-added"
            tone="text-success"
          />
          <OperationList
            title={t("studio.import.removed", { count: diff.removed.length })}
            items={diff.removed}
            testId="diff-removed"
            tone="text-danger"
          />
          <OperationList
            title={t("studio.import.changed", { count: diff.changed.length })}
            items={diff.changed}
            testId="diff-changed"
            tone="text-accent"
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("studio.import.unchanged", { count: diff.unchanged })}
          </p>
        </>
      )}
    </div>
  );
}

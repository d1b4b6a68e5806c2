import type { OperationChange, SpecDiff } from "../../core/specs/diff-endpoints";
import { useTranslation } from "../i18n/use-translation";

/*
 * What changed between two versions of a spec: removed, added and changed operations with their breaking marks. The
 * changelog's entries (each version against the one before) and its comparison of any two versions show it.
 */

function BreakingBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded bg-danger/15 px-1.5 py-0.5 text-[11px] font-semibold text-danger uppercase">
      {t("changelog.breaking")}
    </span>
  );
}

function Operation(props: { method: string; path: string }) {
  return (
    <code dir="ltr" className="font-mono text-[13px] break-all">
      <span className="font-semibold">{props.method}</span> {props.path}
    </code>
  );
}

function ChangeLine(props: { change: OperationChange }) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-breaking={props.change.breaking || undefined}>
      {props.change.breaking && <BreakingBadge />}
      <span dir="ltr" className="text-slate-700 dark:text-slate-300">
        {props.change.message}
      </span>
    </li>
  );
}

export function SpecDiffView(props: { diff: SpecDiff }) {
  const { t } = useTranslation();
  return (
    <>
      {props.diff.removed.length > 0 && (
        <div className="mt-4">
          <h4 className="mb-1.5 text-sm font-semibold">{t("changelog.removed")}</h4>
          <ul className="flex flex-col gap-1">
            {props.diff.removed.map((o) => (
              <li key={`${o.method} ${o.path}`} className="flex flex-wrap items-center gap-2">
                <BreakingBadge />
                <Operation method={o.method} path={o.path} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {props.diff.added.length > 0 && (
        <div className="mt-4">
          <h4 className="mb-1.5 text-sm font-semibold">{t("changelog.added")}</h4>
          <ul className="flex flex-col gap-1">
            {props.diff.added.map((o) => (
              <li key={`${o.method} ${o.path}`}>
                <Operation method={o.method} path={o.path} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {props.diff.changed.length > 0 && (
        <div className="mt-4">
          <h4 className="mb-1.5 text-sm font-semibold">{t("changelog.changed")}</h4>
          <ul className="flex flex-col gap-3">
            {props.diff.changed.map((o) => (
              <li key={`${o.method} ${o.path}`} className="flex flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <Operation method={o.method} path={o.path} />
                  {o.breaking && <BreakingBadge />}
                </span>
                <ul className="ms-4 flex list-disc flex-col gap-0.5 ps-2">
                  {o.changes.map((c) => (
                    <ChangeLine key={`${c.part}:${c.message}`} change={c} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      )}
      {props.diff.unchanged > 0 && (
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
          {t("changelog.unchanged", { count: props.diff.unchanged })}
        </p>
      )}
    </>
  );
}

import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { Select } from "../ui/select";

export interface VersionRow {
  id: string;
  version: string;
  sourceFormat: string;
  endpointsCount: number;
  createdAt: number;
  isCurrent: boolean;
}

/** The download address of a stored spec document (a resource route; no page). */
export function specDownloadPath(owner: string, slug: string, versionId: string, kind: "original" | "normalized") {
  return `/resources/spec/${encodeURIComponent(owner)}/${encodeURIComponent(slug)}/${encodeURIComponent(versionId)}/${kind}`;
}

export function DownloadLinks(props: { owner: string; slug: string; versionId: string }) {
  const { t } = useTranslation();
  const link =
    "inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-accent hover:bg-accent/10 dark:border-slate-700";
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={specDownloadPath(props.owner, props.slug, props.versionId, "original")}
        download
        data-testid="download-original"
        className={link}
      >
        {t("studio.versions.original")}
      </a>
      <a
        href={specDownloadPath(props.owner, props.slug, props.versionId, "normalized")}
        download
        data-testid="download-normalized"
        className={link}
      >
        {t("studio.versions.normalized")}
      </a>
    </div>
  );
}

/** Every imported version, newest first, with its downloads. */
export function SpecVersionsList(props: { owner: string; slug: string; versions: VersionRow[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (props.versions.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t("studio.versions.none")}</p>;
  return (
    <ul data-testid="spec-versions" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
      {props.versions.map((v) => (
        <li
          key={v.id}
          data-testid="spec-version"
          className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span dir="auto">{t("studio.version", { version: v.version || "—" })}</span>
              {v.isCurrent && (
                <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
                  {t("studio.versions.current")}
                </span>
              )}
            </p>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t("studio.endpoints", { count: v.endpointsCount })} · {v.sourceFormat} ·{" "}
              {t("studio.versions.imported", { date: formatDate(v.createdAt, locale) })}
            </p>
          </div>
          <DownloadLinks owner={props.owner} slug={props.slug} versionId={v.id} />
        </li>
      ))}
    </ul>
  );
}

/** The "pick a version" GET form of the Specs and Extensions tabs (`?version={id}`); shown when there is a choice. */
export function SpecVersionPicker(props: {
  id: string;
  testId: string;
  versions: Array<Pick<VersionRow, "id" | "version" | "createdAt" | "isCurrent">>;
  selectedId: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (props.versions.length < 2) return null;
  return (
    <Form method="get" preventScrollReset className="flex items-end gap-2" data-testid={props.testId}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={props.id} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t("studio.specs.pick")}
        </label>
        <Select id={props.id} name="version" defaultValue={props.selectedId ?? undefined} className="min-w-48">
          {props.versions.map((v) => (
            <option key={v.id} value={v.id}>
              {v.version || "—"} ({formatDate(v.createdAt, locale)})
              {v.isCurrent ? ` · ${t("studio.versions.current")}` : ""}
            </option>
          ))}
        </Select>
      </div>
      <button
        type="submit"
        className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {t("studio.specs.show")}
      </button>
    </Form>
  );
}

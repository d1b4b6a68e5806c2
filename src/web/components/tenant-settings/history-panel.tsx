import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale, useRootData } from "../../lib/root-data";
import { Button } from "../ui/button";
import { DataTable } from "../ui/data-table";
import { SettingsSection } from "./settings-fields";

export interface VersionRow {
  id: string;
  version: number;
  changes: string[];
  changedByName: string | null;
  revertedFrom: number | null;
  createdAt: number;
}

/** Who changed what and when; any earlier version can be restored (as a new version). */
export function HistoryPanel(props: { versions: VersionRow[]; current: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const busy = useNavigation().state !== "idle";
  return (
    <SettingsSection
      id="history"
      title={t("tenantSettings.sections.history")}
      intro={t("tenantSettings.history.intro")}
    >
      <DataTable
        testId="settings-history"
        className="w-full min-w-[36rem] text-sm"
        rows={props.versions}
        rowKey={(v) => v.id}
        rowAttributes={(v) => ({ "data-testid": "settings-version", "data-version": String(v.version) })}
        empty={t("tenantSettings.history.none")}
        columns={[
          {
            id: "version",
            header: t("tenantSettings.history.version"),
            cell: (v) => v.version,
            cellClassName: "font-semibold",
          },
          {
            id: "when",
            header: t("tenantSettings.history.when"),
            cell: (v) => formatDate(v.createdAt, locale),
            cellClassName: "text-slate-500",
          },
          { id: "who", header: t("tenantSettings.history.who"), cell: (v) => v.changedByName ?? "—", dir: "auto" },
          { id: "changes", header: t("tenantSettings.history.changes"), cell: (v) => <Changes version={v} /> },
          {
            id: "restore",
            header: <span className="sr-only">{t("tenantSettings.history.restore")}</span>,
            className: "text-end",
            cell: (v) =>
              v.version === props.current ? (
                <span className="text-slate-500 dark:text-slate-400">{t("tenantSettings.history.current")}</span>
              ) : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
                  <input type="hidden" name="intent" value="revert-settings" />
                  <input type="hidden" name="versionId" value={v.id} />
                  <input type="hidden" name="version" value={v.version} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy} data-testid="settings-restore">
                    {t("tenantSettings.history.restore")}
                  </Button>
                </Form>
              ),
          },
        ]}
      />
    </SettingsSection>
  );
}

function Changes(props: { version: VersionRow }) {
  const { t } = useTranslation();
  const v = props.version;
  if (v.changes.length === 0) return <>{t("tenantSettings.history.initial")}</>;
  return (
    <>
      {v.revertedFrom !== null && (
        <span className="me-1 font-medium">
          {t("tenantSettings.history.restoredFrom", { version: v.revertedFrom })}:
        </span>
      )}
      <code className="break-all text-xs" dir="ltr">
        {v.changes.join(", ")}
      </code>
    </>
  );
}

import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale, useRootData } from "../../lib/root-data";
import { ADMIN_ROW, ADMIN_TABLE_BOX, ADMIN_TH, ADMIN_THEAD } from "../admin-styles";
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
      {props.versions.length === 0 ? (
        <p className="text-sm text-slate-500">{t("tenantSettings.history.none")}</p>
      ) : (
        <div className={ADMIN_TABLE_BOX}>
          <table className="w-full min-w-[36rem] text-sm" data-testid="settings-history">
            <thead className={ADMIN_THEAD}>
              <tr>
                <th scope="col" className={ADMIN_TH}>
                  {t("tenantSettings.history.version")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("tenantSettings.history.when")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("tenantSettings.history.who")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("tenantSettings.history.changes")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  <span className="sr-only">{t("tenantSettings.history.restore")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.versions.map((v) => (
                <tr key={v.id} className={ADMIN_ROW} data-testid="settings-version" data-version={v.version}>
                  <td className="px-4 py-2 font-semibold">{v.version}</td>
                  <td className="px-4 py-2 text-slate-500">{formatDate(v.createdAt, locale)}</td>
                  <td className="px-4 py-2" dir="auto">
                    {v.changedByName ?? "—"}
                  </td>
                  <td className="px-4 py-2">
                    {v.changes.length === 0 ? (
                      t("tenantSettings.history.initial")
                    ) : (
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
                    )}
                  </td>
                  <td className="px-4 py-2 text-end">
                    {v.version === props.current ? (
                      <span className="text-slate-500">{t("tenantSettings.history.current")}</span>
                    ) : (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
                        <input type="hidden" name="intent" value="revert-settings" />
                        <input type="hidden" name="versionId" value={v.id} />
                        <input type="hidden" name="version" value={v.version} />
                        <button
                          type="submit"
                          disabled={busy}
                          data-testid="settings-restore"
                          className="font-semibold text-accent hover:underline"
                        >
                          {t("tenantSettings.history.restore")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsSection>
  );
}

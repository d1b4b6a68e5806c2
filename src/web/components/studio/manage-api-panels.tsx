import type { ReactNode } from "react";
import type { EditableApi } from "../../../core/api-products/api-products.types";
import { useTranslation } from "../../i18n/use-translation";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { ManageActionResult } from "../../lib/studio.server";
import { ApiForm, formValues } from "./api-form";
import { DeleteApiForm } from "./delete-api-form";
import { SpecDiffView } from "./spec-diff-view";
import { SpecImportForm } from "./spec-import-form";
import { SpecVersionsList, type VersionRow } from "./spec-versions-list";
import { StudioPanel } from "./studio-panel";

/** Edit details, import a spec version (with the diff), versions and delete: the studio API page and Manage tab. */
export function ManageApiPanels(props: {
  api: EditableApi;
  versions: VersionRow[];
  categories: Array<{ id: string; name: string }>;
  csrfToken: string;
  actionData: ManageActionResult | undefined;
  notice?: string | null;
  /** Panels of the studio page between the spec and the danger zone (plans, gateway, analytics, MCP). */
  beforeDanger?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api, actionData } = props;
  const failed = actionData && !actionData.ok ? actionData : null;
  const failedOf = (intent: string) => (failed && failed.intent === intent ? failed : null);
  const updateFailed = failedOf("update");
  const fields = translateFields(t, updateFailed?.fields);
  const imported = actionData?.ok && actionData.intent === "import" ? actionData.result : null;
  // A refusal before the form was read (too large, no length) is an upload problem: shown with the import form.
  const importFailed = failedOf("import") ?? failedOf("unknown");
  const deleteFailed = failedOf("delete");
  return (
    <div className="flex flex-col gap-6">
      <StudioPanel title={t("studio.form.details")} testId="details-panel" id="general">
        <ApiForm
          csrfToken={props.csrfToken}
          intent="update"
          values={updateFailed?.values ? formValues(updateFailed.values) : api}
          categories={props.categories}
          error={
            updateFailed && Object.keys(fields).length === 0 ? translateServerMessage(t, updateFailed.message) : null
          }
          fields={fields}
          notice={actionData?.ok && actionData.intent === "update" ? t("studio.form.saved") : props.notice}
        />
      </StudioPanel>
      <StudioPanel title={t("studio.import.heading")} intro={t("studio.import.intro")} testId="spec-panel" id="spec">
        <div className="flex flex-col gap-5">
          {imported && <SpecDiffView result={imported} />}
          <SpecImportForm csrfToken={props.csrfToken} error={importFailed?.message} where={importFailed?.where} />
        </div>
      </StudioPanel>
      <StudioPanel title={t("studio.versions.heading")} testId="versions-panel">
        <SpecVersionsList owner={api.ownerUsername} slug={api.slug} versions={props.versions} />
      </StudioPanel>
      {props.beforeDanger}
      <StudioPanel
        title={t("studio.remove.heading")}
        intro={t("studio.remove.intro")}
        testId="delete-panel"
        id="danger-zone"
        danger
      >
        <DeleteApiForm csrfToken={props.csrfToken} apiName={api.name} error={deleteFailed?.message} />
      </StudioPanel>
    </div>
  );
}

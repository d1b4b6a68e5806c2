import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormError, FormField, SubmitButton } from "../ui/form-field";
import { newProgressToken, SpecImportProgress } from "./spec-import-progress";

// React does not type the folder picker's attributes; Chromium, Firefox and Safari all honour webkitdirectory.
const FOLDER_PICKER = { webkitdirectory: "", directory: "" } as Record<string, string>;

/** Upload one or more spec files (or a zip) or a folder, or give a URL; posted as multipart with intent=import. */
export function SpecImportForm(props: { csrfToken: string; error?: string | null; where?: string | null }) {
  const { t } = useTranslation();
  // A folder's files are posted under their base names: their paths inside the folder go along in order, so the
  // server can resolve relative $refs (see folderUploads).
  const [folderPaths, setFolderPaths] = useState("");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const posted = busy ? navigation.formData?.get("progressToken") : null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      data-testid="spec-import-form"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        // A fresh name per import, written before React Router reads the form, so the page can ask how far it got.
        const field = event.currentTarget.elements.namedItem("progressToken");
        if (field instanceof HTMLInputElement) field.value = newProgressToken();
      }}
    >
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="progressToken" defaultValue="" />
      {props.error && (
        <div data-testid="import-error">
          <FormError
            message={props.where ? `${props.error} — ${t("studio.import.where", { where: props.where })}` : props.error}
          />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="field-specFiles" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t("studio.import.file")}
        </label>
        <input
          id="field-specFiles"
          name="specFiles"
          type="file"
          multiple
          accept=".json,.yaml,.yml,.zip,application/json,application/yaml,application/zip"
          className="block w-full min-w-0 text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-accent/10 file:px-3 file:py-2 file:font-semibold file:text-accent hover:file:bg-accent/20 dark:text-slate-300"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="field-specFolder" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t("studio.import.folder")}
        </label>
        <input
          id="field-specFolder"
          name="specFolder"
          type="file"
          multiple
          {...FOLDER_PICKER}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            setFolderPaths(JSON.stringify(files.map((f) => f.webkitRelativePath || f.name)));
          }}
          className="block w-full min-w-0 text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-accent/10 file:px-3 file:py-2 file:font-semibold file:text-accent hover:file:bg-accent/20 dark:text-slate-300"
        />
        <input type="hidden" name="specFolderPaths" value={folderPaths} />
      </div>
      <FormField
        name="specUrl"
        type="url"
        label={t("studio.import.url")}
        maxLength={2048}
        placeholder="https://example.com/openapi.yaml"
      />
      <FormField name="entry" label={t("studio.import.entry")} maxLength={500} placeholder="openapi.yaml" />
      <div>
        <SubmitButton busy={busy} testId="spec-import-submit">
          {t("studio.import.submit")}
        </SubmitButton>
      </div>
      <SpecImportProgress token={typeof posted === "string" && posted !== "" ? posted : null} />
    </Form>
  );
}

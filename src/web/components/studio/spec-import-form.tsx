import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormError, FormField, SubmitButton } from "../form-field";

/** Upload one or more spec files (or a zip), or give a URL; posted as multipart with intent=import. */
export function SpecImportForm(props: { csrfToken: string; error?: string | null; where?: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  return (
    <Form method="post" encType="multipart/form-data" data-testid="spec-import-form" className="flex flex-col gap-4">
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value="import" />
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
    </Form>
  );
}

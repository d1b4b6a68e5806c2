import { Form, useNavigation } from "react-router";
import type { SpotlightState } from "../../../core/content/spotlights.service";
import { LocalLink } from "../../components/localized-link";
import { Button } from "../../components/ui/button";
import { FormError, FormField } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { useRootData } from "../../lib/root-data";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { SpotlightView } from "./spotlights-manage";

/** The states a spotlight can be saved in (a new one cannot start unpublished). */
export const SPOTLIGHT_STATES: SpotlightState[] = ["draft", "published", "unpublished"];

/** Create a spotlight, or edit the one chosen with ?edit=: title, description, link, a file, the state. */
export function SpotlightForm(props: {
  spotlight: SpotlightView | null;
  limits: { types: string[]; maxSizeMb: number };
  manageHref: string;
  failure: { message: string; fields: Record<string, string> } | null;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const s = props.spotlight;
  const fields = translateFields(t, props.failure?.fields);
  const message = props.failure ? translateServerMessage(t, props.failure.message) : null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      data-testid="spotlight-form"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="text-lg font-semibold">
        {s ? t("content.spotlights.editHeading") : t("content.spotlights.newHeading")}
      </h2>
      <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
      <input type="hidden" name="intent" value={s ? "update" : "create"} />
      {s && <input type="hidden" name="id" value={s.id} />}
      <FormError message={message} />
      <FormField
        name="title"
        label={t("content.spotlights.title")}
        defaultValue={s?.title ?? ""}
        maxLength={300}
        error={fields.title}
        dir="auto"
      />
      <FormField
        name="description"
        label={t("content.spotlights.description")}
        defaultValue={s?.description ?? ""}
        maxLength={500}
        error={fields.description}
        dir="auto"
      />
      <FormField
        name="url"
        type="url"
        label={t("content.spotlights.url")}
        defaultValue={s?.url ?? ""}
        placeholder="https://"
        error={fields.url}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="spotlight-file" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t("content.spotlights.file")}
        </label>
        <input
          id="spotlight-file"
          name="file"
          type="file"
          accept={props.limits.types.map((x) => `.${x}`).join(",")}
          aria-describedby="spotlight-file-hint"
          className="text-sm file:me-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold dark:file:bg-slate-800"
        />
        <p id="spotlight-file-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {t("content.spotlights.fileHint", { types: props.limits.types.join(", "), size: props.limits.maxSizeMb })}
        </p>
        {fields.file && (
          <p data-testid="error-file" className="text-sm font-medium text-danger">
            {fields.file}
          </p>
        )}
        {s?.fileName && (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name="removeFile" value="1" />
            {t("content.spotlights.currentFile", { name: s.fileName })} · {t("content.spotlights.removeFile")}
          </label>
        )}
      </div>
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="mb-1.5 text-sm font-semibold">{t("content.spotlights.state")}</legend>
        {SPOTLIGHT_STATES.filter((x) => s || x !== "unpublished").map((x) => (
          <label key={x} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="state"
              value={x}
              data-testid={`spotlight-state-${x}`}
              defaultChecked={(s?.state ?? "draft") === x}
            />
            {t(`content.${x}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          data-testid="spotlight-save"
          disabled={navigation.state === "submitting"}
          size="lg"
          className="shadow-sm"
        >
          {t("content.save")}
        </Button>
        {s && (
          <LocalLink to={props.manageHref} className="self-center text-sm font-semibold text-accent hover:underline">
            {t("content.cancel")}
          </LocalLink>
        )}
      </div>
    </Form>
  );
}

import { Form, useNavigation } from "react-router";
import {
  featuresFromText,
  featuresToText,
  resourcesFromText,
  resourcesToText,
} from "../../../core/api-products/about-lists";
import type { ApiResource } from "../../../core/catalog/catalog.types";
import { useTranslation } from "../../i18n/use-translation";
import { FormError, FormField, FormNotice, SubmitButton } from "../ui/form-field";
import { Select } from "../ui/select";

export interface ApiFormValues {
  name: string;
  slug: string;
  categoryId: string | null;
  shortDescription: string;
  readme: string;
  visibility: string;
  website: string | null;
  termsOfUse: string | null;
  thumbnail: string | null;
  upstreamUrl: string | null;
  healthPath: string | null;
  features: string[];
  resources: ApiResource[];
}

/** Form values from a refused post's fields (strings by name). */
export function formValues(fields: Record<string, string> | undefined): ApiFormValues {
  const get = (name: string) => fields?.[name] ?? "";
  return {
    name: get("name"),
    slug: get("slug"),
    categoryId: get("categoryId") || null,
    shortDescription: get("shortDescription"),
    readme: get("readme"),
    visibility: get("visibility") || "PUBLIC",
    website: get("website"),
    termsOfUse: get("termsOfUse"),
    thumbnail: get("thumbnail"),
    upstreamUrl: get("upstreamUrl"),
    healthPath: get("healthPath"),
    features: featuresFromText(get("features")),
    resources: resourcesFromText(get("resources")),
  };
}

/** Create and edit form of an API (studio and Manage tab); posts `intent` with the fields. */
export function ApiForm(props: {
  csrfToken: string;
  intent: "create" | "update";
  values?: ApiFormValues;
  categories: Array<{ id: string; name: string }>;
  contextId?: string | null;
  error?: string | null;
  fields?: Record<string, string>;
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === props.intent;
  const v = props.values;
  const f = props.fields ?? {};
  return (
    <Form method="post" data-testid={`api-form-${props.intent}`} className="flex flex-col gap-4">
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value={props.intent} />
      {props.contextId && <input type="hidden" name="contextId" value={props.contextId} />}
      <FormError message={props.error} />
      <FormNotice message={props.notice} />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          name="name"
          label={t("studio.form.name")}
          required
          minLength={2}
          maxLength={100}
          defaultValue={v?.name}
          error={f.name}
        />
        <FormField
          name="slug"
          label={t("studio.form.slug")}
          maxLength={100}
          defaultValue={v?.slug}
          hint={t("studio.form.slugHint")}
          error={f.slug}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="field-categoryId" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t("studio.form.category")}
          </label>
          <Select id="field-categoryId" name="categoryId" defaultValue={v?.categoryId ?? ""}>
            <option value="">{t("studio.form.noCategory")}</option>
            {props.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
          {f.categoryId && <p className="text-sm font-medium text-danger">{f.categoryId}</p>}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="field-visibility" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t("studio.form.visibility")}
          </label>
          <Select id="field-visibility" name="visibility" defaultValue={v?.visibility ?? "PUBLIC"}>
            <option value="PUBLIC">{t("studio.form.public")}</option>
            <option value="PRIVATE">{t("studio.form.private")}</option>
          </Select>
        </div>
      </div>
      <FormField
        name="shortDescription"
        label={t("studio.form.shortDescription")}
        maxLength={300}
        defaultValue={v?.shortDescription}
        error={f.shortDescription}
      />
      <FormField
        name="readme"
        label={t("studio.form.readme")}
        multiline
        maxLength={50_000}
        defaultValue={v?.readme}
        error={f.readme}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          name="features"
          label={t("studio.form.features")}
          multiline
          maxLength={5_000}
          defaultValue={featuresToText(v?.features ?? [])}
          hint={t("studio.form.featuresHint")}
          error={f.features}
        />
        <FormField
          name="resources"
          label={t("studio.form.resources")}
          multiline
          maxLength={5_000}
          defaultValue={resourcesToText(v?.resources ?? [])}
          hint={t("studio.form.resourcesHint")}
          error={f.resources}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          name="website"
          type="url"
          label={t("studio.form.website")}
          maxLength={2048}
          defaultValue={v?.website ?? ""}
          placeholder="https://"
          error={f.website}
        />
        <FormField
          name="termsOfUse"
          type="url"
          label={t("studio.form.termsOfUse")}
          maxLength={2048}
          defaultValue={v?.termsOfUse ?? ""}
          placeholder="https://"
          error={f.termsOfUse}
        />
        <FormField
          name="thumbnail"
          type="url"
          label={t("studio.form.thumbnail")}
          maxLength={2048}
          defaultValue={v?.thumbnail ?? ""}
          placeholder="https://"
          error={f.thumbnail}
        />
        {/* The gateway's fields side by side: the health path is a path on the upstream URL. */}
        <div className="grid gap-4 md:col-span-2 md:grid-cols-2">
          <FormField
            name="upstreamUrl"
            type="url"
            dir="ltr"
            label={t("studio.form.upstreamUrl")}
            maxLength={2048}
            defaultValue={v?.upstreamUrl ?? ""}
            placeholder="https://"
            hint={t("studio.form.upstreamHint")}
            error={f.upstreamUrl}
          />
          <FormField
            name="healthPath"
            // A path reads left to right in every locale (else Hebrew shows the placeholder as "health/").
            dir="ltr"
            label={t("studio.form.healthPath")}
            maxLength={512}
            defaultValue={v?.healthPath ?? ""}
            placeholder="/health"
            hint={t("studio.form.healthPathHint")}
            error={f.healthPath}
          />
        </div>
      </div>
      <div>
        <SubmitButton busy={busy} testId={`api-form-${props.intent}-submit`}>
          {props.intent === "create" ? t("studio.form.create") : t("studio.form.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

import { type AppLoadContext, redirect } from "react-router";
import { featuresFromText, resourcesFromText } from "../../core/api-products/about-lists";
import { deleteApi, updateApi } from "../../core/api-products/api-products.service";
import { importApiSpec } from "../../core/api-specs/api-specs.service";
import type { ImportResult } from "../../core/api-specs/api-specs.types";
import { formText } from "./action-result.server";
import { requireActionCsrf } from "./csrf.server";
import { actionErrorOf } from "./route-errors.server";
import { readLimitedForm, specSourceFromForm } from "./spec-upload.server";

/** Spec section 2: /studio when the tenant's newBuildExperience flag is on, /provider when off. */
export function studioBase(context: AppLoadContext): "/studio" | "/provider" {
  return context.tenant.config.featureFlags.newBuildExperience ? "/studio" : "/provider";
}

export type ManageActionResult =
  | { ok: true; intent: "update" }
  | { ok: true; intent: "import"; result: ImportResult }
  | {
      ok: false;
      intent: string;
      code: string;
      message: string;
      where: string | null;
      fields: Record<string, string>;
      /** The refused update's fields, so the form shows what was typed. */
      values?: Record<string, string>;
    };

export function writeOptions(context: AppLoadContext) {
  return { allowPrivateUpstreams: context.config.GATEWAY_ALLOW_PRIVATE_UPSTREAMS };
}

/** The API form's fields as createApi/updateApi take them: features and resources typed one per line. */
export function apiInputFromForm(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = apiFieldsFromForm(form);
  if (form.has("features")) input.features = featuresFromText(formText(form, "features"));
  if (form.has("resources")) input.resources = resourcesFromText(formText(form, "resources"));
  return input;
}

/** The form fields of the API form as posted (strings by name; what a refused post shows again). */
export function apiFieldsFromForm(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [
    "name",
    "slug",
    "categoryId",
    "shortDescription",
    "readme",
    "visibility",
    "website",
    "termsOfUse",
    "thumbnail",
    "upstreamUrl",
    "healthPath",
    "features",
    "resources",
  ]) {
    if (form.has(name)) fields[name] = formText(form, name);
  }
  return fields;
}

/**
 * Update, import or delete an API from the studio page or the API page's Manage tab. Refusals come back as data
 * (message, where, field messages); a delete throws a redirect to `afterDelete`.
 */
export async function handleManageAction(
  context: AppLoadContext,
  request: Request,
  apiId: string,
  afterDelete: string,
): Promise<ManageActionResult> {
  let intent = "unknown";
  let values: Record<string, string> | undefined;
  try {
    const form = await readLimitedForm(request);
    requireActionCsrf(request, form);
    intent = formText(form, "intent");
    const { db, tenant, viewer } = context;
    if (intent === "update") {
      values = apiFieldsFromForm(form);
      await updateApi({ db, tenantId: tenant.id, viewer }, apiId, apiInputFromForm(form), writeOptions(context));
      return { ok: true, intent };
    }
    if (intent === "import") {
      const { processor, progress } = context.specImports;
      // The page names the import (progressToken) and polls specImportProgress while the post runs.
      const token = formText(form, "progressToken");
      const onStage = viewer ? progress.track(tenant.id, viewer.id, token) : undefined;
      const source = await specSourceFromForm(form);
      const result = await importApiSpec({ db, tenantId: tenant.id, viewer }, apiId, source, {
        allowPrivateUrls: context.config.SPEC_IMPORT_ALLOW_PRIVATE_URLS,
        processor,
        onStage,
      });
      return { ok: true, intent, result };
    }
    if (intent === "delete") {
      if (formText(form, "confirm") !== "yes") {
        return { ok: false, intent, code: "BAD_REQUEST", message: "Tick the box to confirm", where: null, fields: {} };
      }
      await deleteApi({ db, tenantId: tenant.id, viewer }, apiId);
      throw redirect(afterDelete);
    }
    return { ok: false, intent, code: "BAD_REQUEST", message: "Unknown action", where: null, fields: {} };
  } catch (error) {
    const { code, message, fields, details } = actionErrorOf(error);
    const where = typeof details.where === "string" && details.where !== "" ? details.where : null;
    return { ok: false, intent, code, message, where, fields, values };
  }
}

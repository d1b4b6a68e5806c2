import { redirect, useSearchParams } from "react-router";
import {
  createSpotlight,
  deleteSpotlight,
  listSpotlights,
  moveSpotlight,
  type SpotlightState,
  setSpotlightState,
  updateSpotlight,
} from "../../../core/content/spotlights.service";
import { apiPath } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { EmptyState } from "../../components/ui/empty-state";
import { FormError } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { actionErrorOf } from "../../lib/route-errors.server";
import { requireEditor } from "../../lib/route-guards.server";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/spotlights-manage";
import { SpotlightAdminItem } from "./spotlight-admin-item";
import { SPOTLIGHT_STATES, SpotlightForm } from "./spotlight-form";
import { spotlightView } from "./spotlights-strip.server";
import { readCappedForm, uploadedFile } from "./spotlights-upload.server";

/** The API when the viewer may edit it; anyone else gets the same 404 as a missing page. */
async function loadEditableApi({ context, params, request }: Route.LoaderArgs | Route.ActionArgs) {
  return (await requireEditor(context, request, params)).api;
}

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const api = await loadEditableApi(args);
  const spotlights = await listSpotlights(
    { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
    api.id,
    {
      includeUnpublished: true,
    },
  );
  const { spotlightFiles, switches } = context.tenant.config;
  return {
    name: api.name,
    apiHref: apiPath(api),
    visibleOnPage: switches.spotlightVisibility,
    limits: { types: spotlightFiles.allowedExtensions, maxSizeMb: spotlightFiles.maxSizeMb },
    spotlights: spotlights.map(spotlightView),
  };
}

export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const api = await loadEditableApi(args);
  const { db, tenant, viewer } = context;
  const deps = { storage: context.providers.storage, limits: tenant.config.spotlightFiles };
  let form: FormData;
  try {
    form = await readCappedForm(request, deps.limits.maxSizeMb);
  } catch (error) {
    const { code, message } = actionErrorOf(error);
    return { ok: false, intent: "save", code, message, fields: { file: message } };
  }
  requireActionCsrf(request, form);
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const state = formText(form, "state");
  const result: ActionResult = await runAction(intent, async () => {
    if (intent === "create" || intent === "update") {
      const input = {
        title: formText(form, "title"),
        description: formText(form, "description"),
        url: formText(form, "url"),
        state: (SPOTLIGHT_STATES as string[]).includes(state) ? (state as SpotlightState) : undefined,
        removeFile: formText(form, "removeFile") === "1",
      };
      const file = await uploadedFile(form, "file");
      if (intent === "create") await createSpotlight({ db, tenantId: tenant.id, viewer }, api.id, input, file, deps);
      else await updateSpotlight({ db, tenantId: tenant.id, viewer }, id, input, file, deps);
    } else if (intent === "move") {
      await moveSpotlight(
        { db, tenantId: tenant.id, viewer },
        id,
        formText(form, "direction") === "left" ? "left" : "right",
      );
    } else if (intent === "state") {
      await setSpotlightState({ db, tenantId: tenant.id, viewer }, id, state);
    } else if (intent === "delete") {
      await deleteSpotlight({ db, tenantId: tenant.id, viewer }, id, deps);
    }
  });
  // Post/redirect/get: a reload never repeats the change; the edit form closes.
  if (result.ok) return redirect(new URL(request.url).pathname);
  return { ...result, id };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "content.meta.spotlightsTitle", vars: { name: loaderData?.name ?? "" } }),
  { name: "robots", content: "noindex" },
];

export type SpotlightView = Route.ComponentProps["loaderData"]["spotlights"][number];

export default function ManageSpotlights({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { spotlights, limits, apiHref, visibleOnPage } = loaderData;
  const editing = spotlights.find((s) => s.id === searchParams.get("edit")) ?? null;
  const failed = actionData && !actionData.ok ? actionData : null;
  // A refused item action (move, publish, delete) shows above the list; a refused save shows in the form.
  const formFailure =
    failed && (failed.intent === "create" || failed.intent === "update" || failed.intent === "save") ? failed : null;
  const itemFailure = failed && !formFailure ? translateServerMessage(t, failed.message) : null;
  return (
    <div data-testid="spotlights-manage" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold tracking-tight">{t("content.spotlights.manage")}</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
            {t("content.spotlights.manageIntro")}
          </p>
        </div>
        <LocalLink to={apiHref} className="text-sm font-semibold text-accent hover:underline">
          {t("content.spotlights.backToApi")}
        </LocalLink>
      </div>
      {!visibleOnPage && (
        <p data-testid="spotlights-hidden" className="text-sm text-amber-700 dark:text-amber-300">
          {t("content.spotlights.hiddenByTenant")}
        </p>
      )}
      <FormError message={itemFailure} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <section className="min-w-0">
          {spotlights.length === 0 ? (
            <EmptyState>{t("content.spotlights.empty")}</EmptyState>
          ) : (
            <ol data-testid="spotlight-admin-list" className="grid gap-4 sm:grid-cols-2">
              {spotlights.map((s, index) => (
                <SpotlightAdminItem
                  key={s.id}
                  spotlight={s}
                  apiHref={apiHref}
                  first={index === 0}
                  last={index === spotlights.length - 1}
                />
              ))}
            </ol>
          )}
        </section>
        <SpotlightForm
          // A new key after each successful save clears the form; a refused save keeps what was typed.
          key={editing?.id ?? `new-${spotlights.length}`}
          spotlight={editing}
          limits={limits}
          manageHref={`${apiHref}/spotlights/manage`}
          failure={formFailure ? { message: formFailure.message, fields: formFailure.fields } : null}
        />
      </div>
    </div>
  );
}

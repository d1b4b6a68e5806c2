import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { requireApiEditor } from "../../../core/content/content.policy";
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
import { FormError, FormField } from "../../components/form-field";
import { LocalLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { actionErrorOf, orNotFound } from "../../lib/route-errors.server";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/spotlights-manage";
import { SpotlightStateLabel } from "./spotlights-strip";
import { spotlightView } from "./spotlights-strip.server";
import { readCappedForm, uploadedFile } from "./spotlights-upload.server";

async function loadEditableApi(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const api = await loadApiOr404(context, params);
  await orNotFound(requireApiEditor(context.db, context.tenant.id, context.viewer, api.id), "any");
  return api;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadEditableApi(context, params);
  const spotlights = await listSpotlights(context.db, context.tenant.id, context.viewer, api.id, {
    includeUnpublished: true,
  });
  const { spotlightFiles, switches } = context.tenant.config;
  return {
    name: api.name,
    apiHref: apiPath(api),
    visibleOnPage: switches.spotlightVisibility,
    limits: { types: spotlightFiles.allowedExtensions, maxSizeMb: spotlightFiles.maxSizeMb },
    spotlights: spotlights.map(spotlightView),
  };
}

const STATES: SpotlightState[] = ["draft", "published", "unpublished"];

export async function action({ context, request, params }: Route.ActionArgs) {
  const api = await loadEditableApi(context, params);
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
        state: (STATES as string[]).includes(state) ? (state as SpotlightState) : undefined,
        removeFile: formText(form, "removeFile") === "1",
      };
      const file = await uploadedFile(form, "file");
      if (intent === "create") await createSpotlight(db, tenant.id, viewer, api.id, input, file, deps);
      else await updateSpotlight(db, tenant.id, viewer, id, input, file, deps);
    } else if (intent === "move") {
      await moveSpotlight(db, tenant.id, viewer, id, formText(form, "direction") === "left" ? "left" : "right");
    } else if (intent === "state") {
      await setSpotlightState(db, tenant.id, viewer, id, state);
    } else if (intent === "delete") {
      await deleteSpotlight(db, tenant.id, viewer, id, deps);
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

type View = Route.ComponentProps["loaderData"]["spotlights"][number];

const smallButton =
  "rounded-lg border border-slate-300 px-2.5 py-1.5 text-xs font-semibold hover:border-accent hover:text-accent disabled:opacity-40 dark:border-slate-700";

function ItemAction(props: {
  id: string;
  intent: string;
  extra?: Record<string, string>;
  label: string;
  testId: string;
  disabled?: boolean;
  danger?: boolean;
  confirm?: string;
}) {
  const root = useRootData();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => {
        if (props.confirm && !window.confirm(props.confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      {Object.entries(props.extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={props.disabled}
        data-testid={props.testId}
        aria-label={props.label}
        className={props.danger ? `${smallButton} text-danger hover:border-danger hover:text-danger` : smallButton}
      >
        {props.label}
      </button>
    </Form>
  );
}

function SpotlightForm(props: {
  spotlight: View | null;
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
        {STATES.filter((x) => s || x !== "unpublished").map((x) => (
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
        <button
          type="submit"
          data-testid="spotlight-save"
          disabled={navigation.state === "submitting"}
          className="rounded-lg bg-accent px-5 py-2.5 font-semibold text-white shadow-sm hover:brightness-110 disabled:opacity-60"
        >
          {t("content.save")}
        </button>
        {s && (
          <LocalLink to={props.manageHref} className="self-center text-sm font-semibold text-accent hover:underline">
            {t("content.cancel")}
          </LocalLink>
        )}
      </div>
    </Form>
  );
}

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
            <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-500 dark:border-slate-700">
              {t("content.spotlights.empty")}
            </p>
          ) : (
            <ol data-testid="spotlight-admin-list" className="grid gap-4 sm:grid-cols-2">
              {spotlights.map((s, index) => (
                <li
                  key={s.id}
                  data-testid="spotlight-admin-item"
                  className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  {s.fileIsImage && s.fileUrl ? (
                    <img
                      src={s.fileUrl}
                      alt=""
                      className="aspect-[16/9] w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                    />
                  ) : null}
                  <div className="flex items-start justify-between gap-2">
                    <h3 dir="auto" className="font-semibold break-words">
                      {s.title}
                    </h3>
                    <SpotlightStateLabel state={s.state} />
                  </div>
                  {s.description && (
                    <p dir="auto" className="text-sm text-slate-600 dark:text-slate-400">
                      {s.description}
                    </p>
                  )}
                  {s.href && (
                    <a
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="truncate text-sm text-accent hover:underline"
                    >
                      {s.url ?? s.fileName}
                    </a>
                  )}
                  <div className="mt-auto flex flex-wrap gap-2">
                    <ItemAction
                      id={s.id}
                      intent="move"
                      extra={{ direction: "left" }}
                      label={t("content.spotlights.moveLeft")}
                      testId="spotlight-move-left"
                      disabled={index === 0}
                    />
                    <ItemAction
                      id={s.id}
                      intent="move"
                      extra={{ direction: "right" }}
                      label={t("content.spotlights.moveRight")}
                      testId="spotlight-move-right"
                      disabled={index === spotlights.length - 1}
                    />
                    {s.state === "published" ? (
                      <ItemAction
                        id={s.id}
                        intent="state"
                        extra={{ state: "unpublished" }}
                        label={t("content.spotlights.unpublish")}
                        testId="spotlight-unpublish"
                      />
                    ) : (
                      <ItemAction
                        id={s.id}
                        intent="state"
                        extra={{ state: "published" }}
                        label={t("content.spotlights.publish")}
                        testId="spotlight-publish"
                      />
                    )}
                    {s.state === "unpublished" && (
                      <ItemAction
                        id={s.id}
                        intent="state"
                        extra={{ state: "draft" }}
                        label={t("content.spotlights.toDraft")}
                        testId="spotlight-draft"
                      />
                    )}
                    <LocalLink
                      to={`${apiHref}/spotlights/manage?edit=${s.id}`}
                      data-testid="spotlight-edit"
                      className={smallButton}
                    >
                      {t("content.edit")}
                    </LocalLink>
                    <ItemAction
                      id={s.id}
                      intent="delete"
                      label={t("content.delete")}
                      testId="spotlight-delete"
                      danger
                      confirm={t("content.confirmDelete", { title: s.title })}
                    />
                  </div>
                </li>
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

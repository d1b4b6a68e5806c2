import type { Messages } from "../../common/i18n/catalog";
import { SOURCE_CATALOG, TRANSLATIONS } from "../../common/i18n/catalogs";
import { flattenMessages } from "../../common/i18n/message-keys";
import { isLocale, type Locale } from "../../common/locales";
import { isAppError } from "../../core/errors/app-error";
import { storeBrandImage } from "../../core/tenants/tenant-images.service";
import { isOperator } from "../../core/tenants/tenant-operator";
import {
  getTenantSettings,
  listTenantSettingsVersions,
  revertTenantSettings,
  saveTenantSettings,
} from "../../core/tenants/tenant-settings.service";
import { AdminTabs } from "../components/admin-tabs";
import { Container, PageHeader } from "../components/page-header";
import { HistoryPanel } from "../components/tenant-settings/history-panel";
import { TenantSettingsForm } from "../components/tenant-settings/settings-form";
import { useTranslation } from "../i18n/use-translation";
import { formText, runAction } from "../lib/action-result.server";
import type { RouteHandle } from "../lib/breadcrumbs";
import { requireActionCsrf } from "../lib/csrf.server";
import { pageMeta } from "../lib/meta";
import { requireMiddlewareViewer } from "../lib/route-middleware.server";
import { translateFields, translateServerMessage } from "../lib/server-messages";
import type { Route } from "./+types/admin-settings";
import { readCappedForm, uploadedFile } from "./api/spotlights-upload.server";

/** A settings form with every language's strings stays far below this; uploads are capped again by core (512 KB). */
const FORM_CAP_MB = 4;
const MIDDLEWARE = ["admin"] as const;
let flatSource: Record<string, string> | null = null;

/** /admin/settings (ADMIN_PANEL_ACCESS): the tenant's configuration, versioned (decision 120). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireMiddlewareViewer(MIDDLEWARE, { context, request, lang: params.lang });
  const { db, tenant } = context;
  const url = new URL(request.url);
  const lang = url.searchParams.get("stringsLang") ?? "";
  const stringsLocale: Locale = isLocale(lang) ? lang : "en-US";
  const [settings, history] = await Promise.all([
    getTenantSettings({ db, tenantId: tenant.id, viewer }),
    listTenantSettingsVersions({ db, tenantId: tenant.id, viewer }),
  ]);
  flatSource ??= flattenMessages(SOURCE_CATALOG);
  const translations =
    stringsLocale === "en-US" ? flatSource : flattenMessages(TRANSLATIONS[stringsLocale] as Messages);
  return {
    ...settings,
    history,
    stringsLocale,
    source: flatSource,
    translations,
    operator: isOperator(viewer, tenant.id),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireMiddlewareViewer(MIDDLEWARE, { context, request, lang: params.lang });
  const { db, tenant, viewer } = context;
  let form: FormData;
  try {
    form = await readCappedForm(request, FORM_CAP_MB);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false as const, intent: "", code: error.code, message: error.message, fields: {} };
  }
  requireActionCsrf(request, form);
  const intent = formText(form, "intent");
  if (intent === "upload-image") {
    let path: string | undefined;
    const result = await runAction(intent, async () => {
      const file = await uploadedFile(form, "file");
      const stored = await storeBrandImage(
        { db, tenantId: tenant.id, viewer },
        { kind: formText(form, "kind"), fileName: file?.name ?? "", bytes: file?.bytes ?? new Uint8Array() },
        context.providers.storage,
      );
      path = stored.path;
    });
    return { ...result, path };
  }
  let version: number | undefined;
  let changes: string[] = [];
  const result = await runAction(intent, async () => {
    if (intent === "save-settings") {
      let config: unknown;
      try {
        config = JSON.parse(formText(form, "config"));
      } catch {
        config = null;
      }
      const baseVersion = Number(formText(form, "baseVersion"));
      const saved = await saveTenantSettings(
        { db, tenantId: tenant.id, viewer },
        {
          config,
          baseVersion: Number.isInteger(baseVersion) ? baseVersion : null,
        },
      );
      version = saved.version;
      changes = saved.changes;
    } else if (intent === "revert-settings") {
      const restored = await revertTenantSettings(
        { db, tenantId: tenant.id, viewer },
        { versionId: formText(form, "versionId") },
      );
      version = restored.version;
    }
  });
  return { ...result, version, changes, restoredVersion: Number(formText(form, "version")) || null };
}

export const handle: RouteHandle = {
  breadcrumb: () => [
    { path: "/admin", labelKey: "admin.title" },
    { path: "/admin/settings", labelKey: "tenantSettings.tab" },
  ],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.adminTitle" }),
  { name: "robots", content: "noindex" },
];

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const a = actionData && "changes" in actionData ? actionData : null;
  let notice: string | null = null;
  if (a?.ok && a.intent === "save-settings") {
    notice = a.changes.length === 0 ? t("tenantSettings.unchanged") : t("tenantSettings.saved", { version: a.version });
  } else if (a?.ok && a.intent === "revert-settings") {
    notice = t("tenantSettings.history.restored", { version: a.restoredVersion, current: a.version });
  }
  const failed = actionData && !actionData.ok && actionData.intent !== "upload-image" ? actionData : null;
  return (
    <>
      <PageHeader title={t("tenantSettings.tab")} intro={t("tenantSettings.intro")} />
      <Container className="flex flex-col gap-6 py-8">
        <AdminTabs current="settings" operator={loaderData.operator} />
        <TenantSettingsForm
          key={loaderData.version}
          config={loaderData.config}
          version={loaderData.version}
          stringsLocale={loaderData.stringsLocale}
          source={loaderData.source}
          translations={loaderData.translations}
          notice={notice}
          error={failed ? translateServerMessage(t, failed.message) : null}
          fieldErrors={failed ? translateFields(t, failed.fields) : {}}
        >
          <HistoryPanel versions={loaderData.history} current={loaderData.version} />
        </TenantSettingsForm>
      </Container>
    </>
  );
}

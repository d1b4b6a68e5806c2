import { Form, useNavigation } from "react-router";
import { CATALOG_CHOICES } from "../../core/tenants/tenant-operator";
import { createTenantAsOperator } from "../../core/tenants/tenant-provisioning.service";
import { listTenants } from "../../core/tenants/tenants.service";
import { ensureDemoApis } from "../../db/seed/demo/demo-apis";
import { AdminTabs } from "../components/admin-tabs";
import { Container, PageHeader } from "../components/page-header";
import { Button } from "../components/ui/button";
import { DataTable } from "../components/ui/data-table";
import { FormError, FormNotice } from "../components/ui/form-field";
import { fieldClass } from "../components/ui/input";
import { useTranslation } from "../i18n/use-translation";
import { formText, runAction } from "../lib/action-result.server";
import type { RouteHandle } from "../lib/breadcrumbs";
import { requireActionCsrf } from "../lib/csrf.server";
import { pageMeta } from "../lib/meta";
import { useRootData } from "../lib/root-data";
import { requireMiddlewareViewer } from "../lib/route-middleware.server";
import { translateFields, translateServerMessage } from "../lib/server-messages";
import type { Route } from "./+types/admin-tenants";

/**
 * /admin/tenants: the super-admin screen (decision 121). Administrators of the operator tenant "1" create other
 * tenants here; everyone else gets 404, as if the page did not exist.
 */
const MIDDLEWARE = ["operator"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireMiddlewareViewer(MIDDLEWARE, { context, request, lang: params.lang });
  const tenants = await listTenants(context.db);
  return { tenants: tenants.map((t) => ({ id: t.id, name: t.name, brandName: t.config.brandName })) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireMiddlewareViewer(MIDDLEWARE, { context, request, lang: params.lang });
  const form = await request.formData();
  requireActionCsrf(request, form);
  let created: { id: string; username: string } | null = null;
  const result = await runAction("create-tenant", async () => {
    const done = await createTenantAsOperator(
      { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
      {
        id: formText(form, "id"),
        name: formText(form, "name"),
        brandName: formText(form, "brandName") || null,
        catalog: formText(form, "catalog") || "empty",
        admin: {
          username: formText(form, "adminUsername"),
          email: formText(form, "adminEmail"),
          password: formText(form, "adminPassword"),
        },
      },
      ensureDemoApis,
    );
    created = { id: done.tenant.id, username: done.adminUsername };
  });
  return { ...result, created: created as { id: string; username: string } | null };
}

export const handle: RouteHandle = {
  breadcrumb: () => [
    { path: "/admin", labelKey: "admin.title" },
    { path: "/admin/tenants", labelKey: "tenants.tab" },
  ],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.adminTitle" }),
  { name: "robots", content: "noindex" },
];

const FIELDS = [
  { name: "id", labelKey: "tenants.id", type: "text", required: true },
  { name: "name", labelKey: "tenants.name", type: "text", required: true },
  { name: "brandName", labelKey: "tenants.brand", type: "text", required: false },
  { name: "adminUsername", labelKey: "tenants.adminUsername", type: "text", required: true },
  { name: "adminEmail", labelKey: "tenants.adminEmail", type: "email", required: true },
  { name: "adminPassword", labelKey: "tenants.adminPassword", type: "password", required: true },
] as const;

export default function AdminTenantsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const busy = useNavigation().state === "submitting";
  const fields = actionData && !actionData.ok ? translateFields(t, actionData.fields) : {};
  const fieldError = (name: string) => fields[name] ?? fields[`admin.${name.replace(/^admin/, "").toLowerCase()}`];
  return (
    <>
      <PageHeader title={t("tenants.tab")} intro={t("tenants.intro")} />
      <Container className="flex flex-col gap-6 py-8">
        <AdminTabs current="tenants" operator />
        <Form
          method="post"
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
          data-testid="create-tenant-form"
        >
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          {FIELDS.map((f) => (
            <label key={f.name} className="flex min-w-0 flex-col gap-1 text-sm font-medium">
              {t(f.labelKey)}
              <input
                name={f.name}
                type={f.type}
                required={f.required}
                dir={f.name === "id" || f.type !== "text" ? "ltr" : "auto"}
                autoComplete={f.type === "password" ? "new-password" : "off"}
                aria-invalid={fieldError(f.name) ? true : undefined}
                className={fieldClass({ look: "plain" })}
              />
              {fieldError(f.name) && <span className="text-sm text-danger">{fieldError(f.name)}</span>}
            </label>
          ))}
          <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2">
            <legend className="font-medium">{t("tenants.catalog")}</legend>
            {CATALOG_CHOICES.map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input type="radio" name="catalog" value={choice} defaultChecked={choice === "empty"} />
                {t(choice === "empty" ? "tenants.catalogEmpty" : "tenants.catalogDemo")}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <FormError message={actionData && !actionData.ok ? translateServerMessage(t, actionData.message) : null} />
            <FormNotice
              message={
                actionData?.ok && actionData.created
                  ? t("tenants.created", { id: actionData.created.id, username: actionData.created.username })
                  : null
              }
            />
            <Button type="submit" size="row" className="self-start" disabled={busy} data-testid="create-tenant">
              {t("tenants.create")}
            </Button>
          </div>
        </Form>
        <h2 className="text-lg font-bold">{t("tenants.list")}</h2>
        <DataTable
          testId="tenants-table"
          rows={loaderData.tenants}
          rowKey={(tenant) => tenant.id}
          rowAttributes={() => ({ "data-testid": "tenant-row" })}
          columns={[
            {
              id: "id",
              header: t("tenants.id"),
              cell: (tenant) => (
                <span dir="ltr" className="font-mono">
                  {tenant.id}
                </span>
              ),
            },
            { id: "name", header: t("tenants.name"), cell: (tenant) => tenant.name, dir: "auto" },
            { id: "brand", header: t("tenantSettings.brand.name"), cell: (tenant) => tenant.brandName, dir: "auto" },
          ]}
        />
      </Container>
    </>
  );
}

import { Form, useNavigation } from "react-router";
import { ADMIN_USERS_PAGE_SIZE, listTenantUsers, setTenantAdminRole } from "../../core/accounts/tenant-admin.service";
import { getDirectoryImportProgress } from "../../core/catalog/directory-progress";
import {
  DEFAULT_REPORT_DAYS,
  REPORT_PERIODS_DAYS,
  searchAnalyticsReport,
} from "../../core/events/admin-reports.service";
import { listCorporateDomains, setCorporateDomainIgnore } from "../../core/orgs/corporate-domains.service";
import { isOperator } from "../../core/tenants/tenant-operator";
import { CatalogImportProgress } from "../components/admin-catalog-import";
import { SearchReports } from "../components/admin-search-reports";
import { AdminTabs } from "../components/admin-tabs";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { Pagination } from "../components/pagination";
import { Button } from "../components/ui/button";
import { DataTable } from "../components/ui/data-table";
import { EmptyState } from "../components/ui/empty-state";
import { FormError, FormNotice } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { UserAvatar } from "../components/user-avatar";
import { useTranslation } from "../i18n/use-translation";
import { formText, runAction } from "../lib/action-result.server";
import type { RouteHandle } from "../lib/breadcrumbs";
import { requireActionCsrf } from "../lib/csrf.server";
import { formatDate } from "../lib/format";
import { localizedRedirect } from "../lib/localized-redirect.server";
import { pageMeta } from "../lib/meta";
import { pageFromUrl } from "../lib/paging";
import { useLocale, useRootData, useSession } from "../lib/root-data";
import { requireAdmin } from "../lib/route-guards.server";
import { translateServerMessage } from "../lib/server-messages";
import type { Route } from "./+types/admin";

type Tab = "users" | "search" | "domains";
const DOMAINS_PAGE_SIZE = 50;

function periodFrom(url: URL): number {
  const days = Number(url.searchParams.get("days"));
  return (REPORT_PERIODS_DAYS as readonly number[]).includes(days) ? days : DEFAULT_REPORT_DAYS;
}

/** /admin (spec section 2, ADMIN_PANEL_ACCESS): the tenant's users and admin roles, and the search reports. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireAdmin(context, request, params.lang);
  const { db, tenant } = context;
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = tabParam === "search" || tabParam === "domains" ? tabParam : "users";
  const operator = isOperator(viewer, tenant.id);
  // Every tab shows the catalog import while it runs (the directory is imported in the background, decision 100).
  const catalogImport = await getDirectoryImportProgress(db, tenant.id, viewer);
  const base = { tab, viewerId: viewer.id, operator, catalogImport, report: null, users: null, domains: null };
  if (tab === "search") {
    const report = await searchAnalyticsReport({ db, tenantId: tenant.id, viewer }, { days: periodFrom(url) });
    return { ...base, report };
  }
  if (tab === "domains") {
    const { page, offset, limit } = pageFromUrl(url, DOMAINS_PAGE_SIZE);
    const domains = await listCorporateDomains({ db, tenantId: tenant.id, viewer }, { offset, limit });
    return { ...base, domains: { ...domains, page } };
  }
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { page, offset, limit } = pageFromUrl(url, ADMIN_USERS_PAGE_SIZE);
  const users = await listTenantUsers({ db, tenantId: tenant.id, viewer }, { search, offset, limit });
  return { ...base, users: { ...users, search, page } };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireAdmin(context, request, params.lang);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const { db, tenant, viewer } = context;
  const intent = formText(form, "intent");
  const username = formText(form, "username");
  const domain = formText(form, "domain");
  const result = await runAction(intent, async () => {
    if (intent === "grant" || intent === "revoke") {
      return setTenantAdminRole(
        { db, tenantId: tenant.id, viewer },
        { userId: formText(form, "userId"), admin: intent === "grant" },
      );
    }
    // Spec section 6: Join Organization is hidden for users of an ignored domain.
    if (intent === "ignore-domain" || intent === "unignore-domain") {
      return setCorporateDomainIgnore({ db, tenantId: tenant.id, viewer }, domain, intent === "ignore-domain");
    }
    return null;
  });
  // An admin who stepped down can no longer see this page: leave it instead of landing on a 403.
  if (result.ok && intent === "revoke" && formText(form, "userId") === viewer?.id) {
    return localizedRedirect("/hub", params.lang);
  }
  return { ...result, username, domain };
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/admin", labelKey: "admin.title" }] };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.adminTitle" }),
  { name: "robots", content: "noindex" },
];

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageHeader title={t("admin.title")} intro={t("admin.intro")} />
      <Container className="flex flex-col gap-6 py-8">
        {loaderData.catalogImport && <CatalogImportProgress progress={loaderData.catalogImport} />}
        <AdminTabs current={loaderData.tab} operator={loaderData.operator} />
        {loaderData.users && (
          <UsersPanel users={loaderData.users} viewerId={session?.user.id ?? loaderData.viewerId} result={actionData} />
        )}
        {loaderData.report && <SearchReports report={loaderData.report} periods={REPORT_PERIODS_DAYS} />}
        {loaderData.domains && <DomainsPanel domains={loaderData.domains} result={actionData} />}
      </Container>
    </>
  );
}

interface UsersData {
  items: Array<{
    id: string;
    username: string;
    name: string;
    email: string | null;
    thumbnail: string | null;
    joinedAt: number;
    isAdmin: boolean;
  }>;
  total: number;
  search: string;
  page: number;
}

type AdminActionData = Route.ComponentProps["actionData"];

function UsersPanel(props: { users: UsersData; viewerId: string; result: AdminActionData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const csrfToken = root?.csrfToken ?? "";
  const { result } = props;
  const isUserResult = result?.intent === "grant" || result?.intent === "revoke";
  const notice =
    isUserResult && result?.ok
      ? t(result.intent === "grant" ? "admin.granted" : "admin.revoked", { username: result.username })
      : null;
  const error = isUserResult && result && !result.ok ? translateServerMessage(t, result.message) : null;
  return (
    <section aria-labelledby="admin-users-title" className="flex flex-col gap-4">
      <h2 id="admin-users-title" className="sr-only">
        {t("admin.tabs.users")}
      </h2>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2" data-testid="admin-user-search">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t("admin.searchLabel")}
          <Input
            look="plain"
            type="search"
            name="q"
            defaultValue={props.users.search}
            maxLength={100}
            placeholder={t("admin.searchPlaceholder")}
            className="w-72 max-w-full"
          />
        </label>
        <Button type="submit" size="row">
          {t("admin.searchButton")}
        </Button>
        <p className="ms-auto text-sm text-slate-500 dark:text-slate-400" data-testid="admin-user-total">
          {t("admin.total", { count: props.users.total })}
        </p>
      </Form>
      <FormError message={error} />
      <FormNotice message={notice} />
      {props.users.items.length === 0 ? (
        <EmptyState data-testid="admin-no-users">{t("admin.noUsers")}</EmptyState>
      ) : (
        <DataTable
          testId="admin-users-table"
          className="min-w-[40rem] text-sm"
          rows={props.users.items}
          rowKey={(u) => u.id}
          rowAttributes={(u) => ({ "data-testid": "admin-user-row", "data-username": u.username })}
          columns={[
            {
              id: "user",
              header: t("admin.user"),
              cell: (u) => (
                <LocalLink
                  to={`/user/${encodeURIComponent(u.username)}`}
                  className="flex items-center gap-2 hover:text-accent"
                >
                  <UserAvatar name={u.name || u.username} thumbnail={u.thumbnail} />
                  <span className="min-w-0 truncate" dir="auto">
                    {u.username}
                    {u.id === props.viewerId && (
                      <span className="ms-1 text-slate-500 dark:text-slate-400">{t("admin.you")}</span>
                    )}
                  </span>
                </LocalLink>
              ),
            },
            {
              id: "email",
              header: t("admin.email"),
              className: "hidden md:table-cell",
              cellClassName: "text-slate-600 dark:text-slate-400",
              cell: (u) => u.email ?? "",
            },
            {
              id: "joined",
              header: t("admin.joined"),
              className: "hidden sm:table-cell",
              cellClassName: "text-slate-500",
              cell: (u) => formatDate(u.joinedAt, locale),
            },
            {
              id: "role",
              header: t("admin.role"),
              cellTestId: "admin-user-role",
              cell: (u) => (u.isAdmin ? t("admin.roleAdmin") : t("admin.roleUser")),
            },
            {
              id: "actions",
              header: t("admin.actions"),
              cell: (u) => (
                <Form method="post">
                  <input type="hidden" name="csrfToken" value={csrfToken} />
                  <input type="hidden" name="intent" value={u.isAdmin ? "revoke" : "grant"} />
                  <input type="hidden" name="userId" value={u.id} />
                  <input type="hidden" name="username" value={u.username} />
                  <button
                    type="submit"
                    disabled={busy}
                    data-testid={u.isAdmin ? "admin-revoke" : "admin-grant"}
                    className={`text-sm font-semibold hover:underline ${u.isAdmin ? "text-danger" : "text-accent"}`}
                  >
                    {u.isAdmin ? t("admin.revoke") : t("admin.grant")}
                  </button>
                </Form>
              ),
            },
          ]}
        />
      )}
      <Pagination page={props.users.page} total={props.users.total} pageSize={ADMIN_USERS_PAGE_SIZE} />
    </section>
  );
}

interface DomainsData {
  items: Array<{ domain: string; ignore: boolean; organizationId: string | null; organizationName: string | null }>;
  total: number;
  page: number;
}

/** Corporate domains: which organization claims each, and the ignore flag that hides Join Organization. */
function DomainsPanel(props: { domains: DomainsData; result: AdminActionData }) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const csrfToken = root?.csrfToken ?? "";
  const { result } = props;
  const isDomainResult = result?.intent === "ignore-domain" || result?.intent === "unignore-domain";
  const notice =
    isDomainResult && result?.ok
      ? t(result.intent === "ignore-domain" ? "admin.domainIgnored" : "admin.domainJoinable", {
          domain: result.domain,
        })
      : null;
  const error = isDomainResult && result && !result.ok ? translateServerMessage(t, result.message) : null;
  return (
    <section aria-labelledby="admin-domains-title" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-domains-title" className="text-lg font-bold">
          {t("admin.tabs.domains")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("admin.domainsIntro")}</p>
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="admin-add-domain">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="intent" value="ignore-domain" />
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t("admin.domainToIgnore")}
          <Input
            look="plain"
            name="domain"
            required
            maxLength={253}
            placeholder="example.com"
            className="w-64 max-w-full"
          />
        </label>
        <Button type="submit" size="row" disabled={busy}>
          {t("admin.ignoreDomain")}
        </Button>
      </Form>
      <FormError message={error} />
      <FormNotice message={notice} />
      {props.domains.items.length === 0 ? (
        <EmptyState data-testid="admin-no-domains">{t("admin.noDomains")}</EmptyState>
      ) : (
        <DataTable
          testId="admin-domains-table"
          className="min-w-[32rem] text-sm"
          rows={props.domains.items}
          rowKey={(d) => d.domain}
          rowAttributes={(d) => ({ "data-testid": "admin-domain-row", "data-domain": d.domain })}
          columns={[
            { id: "domain", header: t("admin.domain"), cellClassName: "font-medium", cell: (d) => d.domain },
            {
              id: "organization",
              header: t("admin.organization"),
              dir: "auto",
              cell: (d) =>
                d.organizationName ?? (
                  <span className="text-slate-500 dark:text-slate-400">{t("admin.noOrganization")}</span>
                ),
            },
            {
              id: "state",
              header: t("admin.joinOffered"),
              cellTestId: "admin-domain-state",
              cell: (d) => (d.ignore ? t("admin.joinHidden") : t("admin.joinShown")),
            },
            {
              id: "actions",
              header: t("admin.actions"),
              cell: (d) => (
                <Form method="post">
                  <input type="hidden" name="csrfToken" value={csrfToken} />
                  <input type="hidden" name="intent" value={d.ignore ? "unignore-domain" : "ignore-domain"} />
                  <input type="hidden" name="domain" value={d.domain} />
                  <button
                    type="submit"
                    disabled={busy}
                    data-testid={d.ignore ? "admin-unignore-domain" : "admin-ignore-domain"}
                    className="text-sm font-semibold text-accent hover:underline"
                  >
                    {d.ignore ? t("admin.unignoreDomain") : t("admin.ignoreDomain")}
                  </button>
                </Form>
              ),
            },
          ]}
        />
      )}
      <Pagination page={props.domains.page} total={props.domains.total} pageSize={DOMAINS_PAGE_SIZE} />
    </section>
  );
}

import { data, Form, useNavigation } from "react-router";
import type { Viewer } from "../../core/accounts/accounts.types";
import { ADMIN_USERS_PAGE_SIZE, listTenantUsers, setTenantAdminRole } from "../../core/accounts/tenant-admin.service";
import {
  DEFAULT_REPORT_DAYS,
  REPORT_PERIODS_DAYS,
  searchAnalyticsReport,
} from "../../core/events/admin-reports.service";
import { listCorporateDomains, setCorporateDomainIgnore } from "../../core/orgs/orgs.service";
import { SearchReports } from "../components/admin-search-reports";
import {
  ADMIN_BUTTON,
  ADMIN_INPUT,
  ADMIN_ROW,
  ADMIN_TABLE_BOX,
  ADMIN_TH,
  ADMIN_THEAD,
} from "../components/admin-styles";
import { FormError, FormNotice } from "../components/form-field";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { Pagination } from "../components/pagination";
import { UserAvatar } from "../components/user-avatar";
import { useTranslation } from "../i18n/use-translation";
import { formText, runAction } from "../lib/action-result.server";
import type { RouteHandle } from "../lib/breadcrumbs";
import { requireActionCsrf } from "../lib/csrf.server";
import { formatDate } from "../lib/format";
import { localizedRedirect, signInRedirect } from "../lib/localized-redirect.server";
import { pageMeta } from "../lib/meta";
import { pageFromUrl } from "../lib/paging";
import { useLocale, useRootData, useSession } from "../lib/root-data";
import { translateServerMessage } from "../lib/server-messages";
import type { Route } from "./+types/admin";

type Tab = "users" | "search" | "domains";
const DOMAINS_PAGE_SIZE = 50;

/**
 * The viewer allowed on /admin. The layout guard already redirects signed-out visitors and answers 403 without
 * ADMIN_PANEL_ACCESS; this loader checks again on its own (loaders run in parallel) and core checks a third time.
 */
function requireAdmin(context: Route.LoaderArgs["context"], request: Request, lang: string | undefined): Viewer {
  const { viewer, tenant } = context;
  if (!viewer || viewer.tenantId !== tenant.id) signInRedirect(request, lang);
  if (!viewer.isAdmin) throw data({ reason: "forbidden" }, { status: 403 });
  return viewer;
}

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
  if (tab === "search") {
    const report = await searchAnalyticsReport(db, tenant.id, viewer, { days: periodFrom(url) });
    return { tab, viewerId: viewer.id, report, users: null, domains: null };
  }
  if (tab === "domains") {
    const { page, offset, limit } = pageFromUrl(url, DOMAINS_PAGE_SIZE);
    const domains = await listCorporateDomains(db, tenant.id, viewer, { offset, limit });
    return { tab, viewerId: viewer.id, report: null, users: null, domains: { ...domains, page } };
  }
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { page, offset, limit } = pageFromUrl(url, ADMIN_USERS_PAGE_SIZE);
  const users = await listTenantUsers(db, tenant.id, viewer, { search, offset, limit });
  return { tab, viewerId: viewer.id, report: null, users: { ...users, search, page }, domains: null };
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
      return setTenantAdminRole(db, tenant.id, viewer, { userId: formText(form, "userId"), admin: intent === "grant" });
    }
    // Spec section 6: Join Organization is hidden for users of an ignored domain.
    if (intent === "ignore-domain" || intent === "unignore-domain") {
      return setCorporateDomainIgnore(db, tenant.id, viewer, domain, intent === "ignore-domain");
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

const TAB_LINK =
  "rounded-lg px-3 py-2 text-sm font-semibold hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800";

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageHeader title={t("admin.title")} intro={t("admin.intro")} />
      <Container className="flex flex-col gap-6 py-8">
        <nav aria-label={t("admin.title")} className="flex gap-2">
          <LocalLink
            to="/admin"
            aria-current={loaderData.tab === "users" ? "page" : undefined}
            data-testid="admin-tab-users"
            className={TAB_LINK}
          >
            {t("admin.tabs.users")}
          </LocalLink>
          <LocalLink
            to="/admin?tab=domains"
            aria-current={loaderData.tab === "domains" ? "page" : undefined}
            data-testid="admin-tab-domains"
            className={TAB_LINK}
          >
            {t("admin.tabs.domains")}
          </LocalLink>
          <LocalLink
            to="/admin?tab=search"
            aria-current={loaderData.tab === "search" ? "page" : undefined}
            data-testid="admin-tab-search"
            className={TAB_LINK}
          >
            {t("admin.tabs.search")}
          </LocalLink>
          <LocalLink to="/admin/analytics" data-testid="admin-tab-analytics" className={TAB_LINK}>
            {t("analytics.title")}
          </LocalLink>
        </nav>
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
          <input
            type="search"
            name="q"
            defaultValue={props.users.search}
            maxLength={100}
            placeholder={t("admin.searchPlaceholder")}
            className={`${ADMIN_INPUT} w-72 max-w-full`}
          />
        </label>
        <button type="submit" className={ADMIN_BUTTON}>
          {t("admin.searchButton")}
        </button>
        <p className="ms-auto text-sm text-slate-500" data-testid="admin-user-total">
          {t("admin.total", { count: props.users.total })}
        </p>
      </Form>
      <FormError message={error} />
      <FormNotice message={notice} />
      {props.users.items.length === 0 ? (
        <p
          data-testid="admin-no-users"
          className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-500 dark:border-slate-700"
        >
          {t("admin.noUsers")}
        </p>
      ) : (
        <div className={ADMIN_TABLE_BOX}>
          <table data-testid="admin-users-table" className="w-full min-w-[40rem] text-sm">
            <thead className={ADMIN_THEAD}>
              <tr>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.user")}
                </th>
                <th scope="col" className={`${ADMIN_TH} hidden md:table-cell`}>
                  {t("admin.email")}
                </th>
                <th scope="col" className={`${ADMIN_TH} hidden sm:table-cell`}>
                  {t("admin.joined")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.role")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {props.users.items.map((u) => (
                <tr key={u.id} data-testid="admin-user-row" data-username={u.username} className={ADMIN_ROW}>
                  <td className="px-4 py-2">
                    <LocalLink
                      to={`/user/${encodeURIComponent(u.username)}`}
                      className="flex items-center gap-2 hover:text-accent"
                    >
                      <UserAvatar name={u.name || u.username} thumbnail={u.thumbnail} />
                      <span className="min-w-0 truncate" dir="auto">
                        {u.username}
                        {u.id === props.viewerId && <span className="ms-1 text-slate-500">{t("admin.you")}</span>}
                      </span>
                    </LocalLink>
                  </td>
                  <td className="hidden px-4 py-2 text-slate-600 md:table-cell dark:text-slate-400">{u.email ?? ""}</td>
                  <td className="hidden px-4 py-2 text-slate-500 sm:table-cell">{formatDate(u.joinedAt, locale)}</td>
                  <td className="px-4 py-2" data-testid="admin-user-role">
                    {u.isAdmin ? t("admin.roleAdmin") : t("admin.roleUser")}
                  </td>
                  <td className="px-4 py-2">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
          <input
            name="domain"
            required
            maxLength={253}
            placeholder="example.com"
            className={`${ADMIN_INPUT} w-64 max-w-full`}
          />
        </label>
        <button type="submit" className={ADMIN_BUTTON} disabled={busy}>
          {t("admin.ignoreDomain")}
        </button>
      </Form>
      <FormError message={error} />
      <FormNotice message={notice} />
      {props.domains.items.length === 0 ? (
        <p
          data-testid="admin-no-domains"
          className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-500 dark:border-slate-700"
        >
          {t("admin.noDomains")}
        </p>
      ) : (
        <div className={ADMIN_TABLE_BOX}>
          <table data-testid="admin-domains-table" className="w-full min-w-[32rem] text-sm">
            <thead className={ADMIN_THEAD}>
              <tr>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.domain")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.organization")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.joinOffered")}
                </th>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {props.domains.items.map((d) => (
                <tr key={d.domain} className={ADMIN_ROW} data-testid="admin-domain-row" data-domain={d.domain}>
                  <td className="px-4 py-2 font-medium">{d.domain}</td>
                  <td className="px-4 py-2" dir="auto">
                    {d.organizationName ?? <span className="text-slate-500">{t("admin.noOrganization")}</span>}
                  </td>
                  <td className="px-4 py-2" data-testid="admin-domain-state">
                    {d.ignore ? t("admin.joinHidden") : t("admin.joinShown")}
                  </td>
                  <td className="px-4 py-2">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={props.domains.page} total={props.domains.total} pageSize={DOMAINS_PAGE_SIZE} />
    </section>
  );
}

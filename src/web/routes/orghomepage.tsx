import { getOrganizationHomepage } from "../../core/orgs/orgs.service";
import { BuildingIcon } from "../components/account-icons";
import { LocalLink } from "../components/localized-link";
import { Container } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { formatDate } from "../lib/format";
import { notFound, requireSlug } from "../lib/http-errors";
import { pageMeta } from "../lib/meta";
import { useLocale, useSession } from "../lib/root-data";
import type { Route } from "./+types/orghomepage";

/** /orghomepage/{slug}: an organization's public page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = requireSlug(params.slug);
  const org = await getOrganizationHomepage(context.db, context.tenant.id, slug);
  if (!org) notFound();
  return { org };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { org } = data as { org: { slugifiedName: string; name: string } };
    return [{ path: `/orghomepage/${org.slugifiedName}`, label: org.name }];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { key: "meta.orgHomepageTitle", vars: { name: loaderData?.org.name ?? "" } },
    { text: loaderData?.org.description ?? null },
  );

export default function OrgHomepage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const { org } = loaderData;
  const isMember = session?.contexts.some((c) => c.type === "Organization" && c.id === org.id) ?? false;
  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40">
      <Container className="py-10">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <span className="inline-flex size-20 items-center justify-center rounded-2xl bg-accent/10 text-accent">
            <BuildingIcon className="size-10" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-widest text-accent uppercase">{t("org.homepage")}</p>
            <h1 data-testid="org-name" dir="auto" className="text-3xl font-bold tracking-tight">
              {org.name}
            </h1>
            {org.description && (
              <p dir="auto" className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
                {org.description}
              </p>
            )}
            <p className="mt-3 flex flex-wrap gap-x-4 text-sm text-slate-500 dark:text-slate-400">
              <span data-testid="org-members-count">{t("org.homepageMembers", { count: org.membersCount })}</span>
              <span>{t("org.homepageTeams", { count: org.teamsCount })}</span>
              <span>{t("org.since", { date: formatDate(org.createdAt, locale) })}</span>
            </p>
          </div>
          {isMember && (
            <LocalLink
              to={`/org?org=${encodeURIComponent(org.id)}`}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-accent hover:text-accent dark:border-slate-700"
            >
              {t("nav.manageOrganizations")}
            </LocalLink>
          )}
        </div>
      </Container>
    </div>
  );
}

import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  addOrganizationMember,
  getOrganization,
  leaveOrganization,
  listMyOrganizations,
  removeOrganizationMember,
  setOrganizationMemberRole,
} from "../../../core/orgs/orgs.service";
import { addTeamDevelopers, createTeam, deleteTeam, removeTeamDevelopers } from "../../../core/orgs/teams.service";
import { LocalLink } from "../../components/localized-link";
import { DANGER_TEXT_BUTTON, OrgHiddenFields } from "../../components/org/org-form-bits";
import { OrgMembers } from "../../components/org/org-members";
import { OrgTeams } from "../../components/org/org-teams";
import { Container, PageHeader } from "../../components/page-header";
import { ButtonLink } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { FormError, FormNotice } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { useRootData, useSession } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/manage";

/** /org: members, roles and teams (with developers) of the organization chosen with ?org= (spec section 2). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, tenant, viewer } = context;
  const organizations = viewer ? await listMyOrganizations({ db, tenantId: tenant.id, viewer }) : [];
  const wanted = new URL(request.url).searchParams.get("org");
  const chosen =
    organizations.find((o) => o.id === wanted) ??
    organizations.find((o) => o.role === "admin") ??
    organizations[0] ??
    null;
  const detail = chosen ? await getOrganization({ db, tenantId: tenant.id, viewer }, chosen.id) : null;
  return {
    organizations: organizations.map((o) => ({ id: o.id, name: o.name, role: o.role })),
    organization: detail && {
      id: detail.id,
      name: detail.name,
      slug: detail.slugifiedName,
      viewerRole: detail.viewerRole,
      members: detail.members,
      teams: detail.teams,
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  requireActionCsrf(request, form);
  const { db, tenant, viewer } = context;
  const intent = formText(form, "intent");
  const orgId = formText(form, "organizationId");
  const teamId = formText(form, "teamId");
  const result = await runAction(`${intent}:${teamId}`, async () => {
    switch (intent) {
      case "add-member":
        return addOrganizationMember({ db, tenantId: tenant.id, viewer }, orgId, {
          username: formText(form, "username"),
          role: formText(form, "role") || null,
        });
      case "set-role":
        return setOrganizationMemberRole(
          { db, tenantId: tenant.id, viewer },
          orgId,
          formText(form, "userId"),
          formText(form, "role"),
        );
      case "remove-member":
        return removeOrganizationMember({ db, tenantId: tenant.id, viewer }, orgId, formText(form, "userId"));
      case "leave":
        return leaveOrganization({ db, tenantId: tenant.id, viewer }, orgId);
      case "create-team":
        return createTeam({ db, tenantId: tenant.id, viewer }, orgId, formText(form, "name"));
      case "delete-team":
        return deleteTeam({ db, tenantId: tenant.id, viewer }, teamId);
      case "add-developer":
        return addTeamDevelopers({ db, tenantId: tenant.id, viewer }, teamId, [formText(form, "username").trim()]);
      case "remove-developer":
        return removeTeamDevelopers({ db, tenantId: tenant.id, viewer }, teamId, [formText(form, "username")]);
      default:
        return null;
    }
  });
  if (result.ok && intent === "leave") return localizedRedirect("/org", params.lang);
  return result;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.orgManageTitle" }),
  { name: "robots", content: "noindex" },
];

/** The organization the page shows, as the loader gives it (the member and team parts type their props with it). */
export type ManagedOrganization = NonNullable<Route.ComponentProps["loaderData"]["organization"]>;

/** The viewer's organizations; the one shown is marked current. */
function OrganizationList(props: { organizations: Array<{ id: string; name: string }>; currentId: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("org.yourOrganizations")}>
      <h2 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
        {t("org.yourOrganizations")}
      </h2>
      <ul className="flex gap-2 overflow-x-auto lg:flex-col">
        {props.organizations.map((o) => (
          <li key={o.id}>
            <LocalLink
              to={`/org?org=${encodeURIComponent(o.id)}`}
              aria-current={o.id === props.currentId ? "page" : undefined}
              data-testid="org-switch"
              className="block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800"
            >
              {o.name}
            </LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The organization's name, the viewer's role, links to its homepage and settings, and Leave. */
function OrganizationHeading(props: { org: ManagedOrganization; isAdmin: boolean; csrfToken: string; busy: boolean }) {
  const { t } = useTranslation();
  const { org } = props;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 data-testid="org-title" dir="auto" className="text-2xl font-bold tracking-tight">
          {org.name}
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t("org.roleLabel", { role: t(`org.roles.${org.viewerRole ?? "member"}`) })} ·{" "}
          <LocalLink to={`/orghomepage/${org.slug}`} className="font-semibold text-accent hover:underline">
            {t("org.homepage")}
          </LocalLink>
          {props.isAdmin && (
            <>
              {" · "}
              <LocalLink
                to={`/${org.slug}/settings`}
                data-testid="org-settings-link"
                className="font-semibold text-accent hover:underline"
              >
                {t("org.settings")}
              </LocalLink>
            </>
          )}
        </p>
      </div>
      <Form method="post">
        <OrgHiddenFields csrfToken={props.csrfToken} intent="leave" organizationId={org.id} />
        <button type="submit" className={DANGER_TEXT_BUTTON} disabled={props.busy}>
          {t("org.leave")}
        </button>
      </Form>
    </div>
  );
}

export default function ManageOrganizations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const session = useSession();
  const navigation = useNavigation();
  const csrfToken = root?.csrfToken ?? "";
  const busy = navigation.state !== "idle";
  const org = loaderData.organization;
  const isAdmin = org?.viewerRole === "admin";
  const failed = actionData && !actionData.ok ? actionData : null;
  // A new key after each successful change empties the add/create forms (a refused one keeps what was typed).
  const [formsKey, setFormsKey] = useState(0);
  useEffect(() => {
    if (actionData?.ok) setFormsKey((k) => k + 1);
  }, [actionData]);
  // Where to show a refusal: next to the team it concerns, else at the top.
  const failedTeam = failed?.intent?.split(":")[1] ?? "";
  const errorText = failed
    ? [translateServerMessage(t, failed.message), ...Object.values(failed.fields).filter((f) => f !== failed.message)]
        .map((m) => translateServerMessage(t, m))
        .filter((m, i, all) => all.indexOf(m) === i)
        .join(" ")
    : null;
  const formProps = { isAdmin, csrfToken, busy, formsKey };

  return (
    <>
      <PageHeader title={t("org.manageTitle")} intro={t("org.manageIntro")}>
        {session?.menu.createOrganization && (
          <ButtonLink to="/org/organizations/create" data-testid="org-create-link" className="mt-4 inline-flex">
            {t("nav.createOrganization")}
          </ButtonLink>
        )}
      </PageHeader>
      <Container className="py-8">
        {!org ? (
          <EmptyState data-testid="no-organizations">{t("org.noOrganizations")}</EmptyState>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[240px_1fr]">
            <OrganizationList organizations={loaderData.organizations} currentId={org.id} />
            <div className="flex min-w-0 flex-col gap-8">
              <OrganizationHeading org={org} isAdmin={isAdmin} csrfToken={csrfToken} busy={busy} />
              {failed && !failedTeam && <FormError message={errorText} />}
              {actionData?.ok && <FormNotice message={t("org.done")} />}
              <OrgMembers org={org} {...formProps} />
              <OrgTeams org={org} {...formProps} failedTeam={failedTeam} errorText={errorText} />
            </div>
          </div>
        )}
      </Container>
    </>
  );
}

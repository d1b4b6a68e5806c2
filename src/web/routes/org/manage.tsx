import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  addOrganizationMember,
  addTeamDevelopers,
  createTeam,
  deleteTeam,
  getOrganization,
  leaveOrganization,
  listMyOrganizations,
  removeOrganizationMember,
  removeTeamDevelopers,
  setOrganizationMemberRole,
} from "../../../core/orgs/orgs.service";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { FormError, FormNotice } from "../../components/ui/form-field";
import { UserAvatar } from "../../components/user-avatar";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { formatDate } from "../../lib/format";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { useLocale, useRootData, useSession } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/manage";

/** /org: members, roles and teams (with developers) of the organization chosen with ?org= (spec section 2). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, tenant, viewer } = context;
  const organizations = viewer ? await listMyOrganizations(db, tenant.id, viewer) : [];
  const wanted = new URL(request.url).searchParams.get("org");
  const chosen =
    organizations.find((o) => o.id === wanted) ??
    organizations.find((o) => o.role === "admin") ??
    organizations[0] ??
    null;
  const detail = chosen ? await getOrganization(db, tenant.id, viewer, chosen.id) : null;
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
        return addOrganizationMember(db, tenant.id, viewer, orgId, {
          username: formText(form, "username"),
          role: formText(form, "role") || null,
        });
      case "set-role":
        return setOrganizationMemberRole(
          db,
          tenant.id,
          viewer,
          orgId,
          formText(form, "userId"),
          formText(form, "role"),
        );
      case "remove-member":
        return removeOrganizationMember(db, tenant.id, viewer, orgId, formText(form, "userId"));
      case "leave":
        return leaveOrganization(db, tenant.id, viewer, orgId);
      case "create-team":
        return createTeam(db, tenant.id, viewer, orgId, formText(form, "name"));
      case "delete-team":
        return deleteTeam(db, tenant.id, viewer, teamId);
      case "add-developer":
        return addTeamDevelopers(db, tenant.id, viewer, teamId, [formText(form, "username").trim()]);
      case "remove-developer":
        return removeTeamDevelopers(db, tenant.id, viewer, teamId, [formText(form, "username")]);
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

const INPUT =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950 min-w-0";
const BUTTON =
  "rounded-lg bg-accent px-3.5 py-2 text-sm font-semibold text-white hover:brightness-110 disabled:opacity-60";
const LINK_BUTTON = "text-sm font-semibold text-danger hover:underline";

function Hidden(props: { csrfToken: string; intent: string; organizationId: string; teamId?: string }) {
  return (
    <>
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="organizationId" value={props.organizationId} />
      {props.teamId && <input type="hidden" name="teamId" value={props.teamId} />}
    </>
  );
}

export default function ManageOrganizations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
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

  return (
    <>
      <PageHeader title={t("org.manageTitle")} intro={t("org.manageIntro")}>
        {session?.menu.createOrganization && (
          <LocalLink
            to="/org/organizations/create"
            data-testid="org-create-link"
            className="mt-4 inline-flex rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-white hover:brightness-110"
          >
            {t("nav.createOrganization")}
          </LocalLink>
        )}
      </PageHeader>
      <Container className="py-8">
        {!org ? (
          <EmptyState data-testid="no-organizations">{t("org.noOrganizations")}</EmptyState>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[240px_1fr]">
            <nav aria-label={t("org.yourOrganizations")}>
              <h2 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {t("org.yourOrganizations")}
              </h2>
              <ul className="flex gap-2 overflow-x-auto lg:flex-col">
                {loaderData.organizations.map((o) => (
                  <li key={o.id}>
                    <LocalLink
                      to={`/org?org=${encodeURIComponent(o.id)}`}
                      aria-current={o.id === org.id ? "page" : undefined}
                      data-testid="org-switch"
                      className="block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800"
                    >
                      {o.name}
                    </LocalLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex min-w-0 flex-col gap-8">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <div>
                  <h2 data-testid="org-title" dir="auto" className="text-2xl font-bold tracking-tight">
                    {org.name}
                  </h2>
                  <p className="text-sm text-slate-500">
                    {t("org.roleLabel", { role: t(`org.roles.${org.viewerRole ?? "member"}`) })} ·{" "}
                    <LocalLink to={`/orghomepage/${org.slug}`} className="font-semibold text-accent hover:underline">
                      {t("org.homepage")}
                    </LocalLink>
                    {isAdmin && (
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
                  <Hidden csrfToken={csrfToken} intent="leave" organizationId={org.id} />
                  <button type="submit" className={LINK_BUTTON} disabled={busy}>
                    {t("org.leave")}
                  </button>
                </Form>
              </div>
              {failed && !failedTeam && <FormError message={errorText} />}
              {actionData?.ok && <FormNotice message={t("org.done")} />}

              <section aria-labelledby="members-title" className="flex flex-col gap-3">
                <h3 id="members-title" className="text-lg font-bold">
                  {t("org.members")}
                </h3>
                <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
                  <table data-testid="members-table" className="w-full min-w-[34rem] text-sm">
                    <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-900">
                      <tr>
                        <th scope="col" className="px-4 py-2 text-start">
                          {t("org.member")}
                        </th>
                        <th scope="col" className="px-4 py-2 text-start">
                          {t("org.role")}
                        </th>
                        <th scope="col" className="hidden px-4 py-2 text-start sm:table-cell">
                          {t("org.joined")}
                        </th>
                        {isAdmin && (
                          <th scope="col" className="px-4 py-2 text-start">
                            {t("org.actions")}
                          </th>
                        )}
                      </tr>
                    </thead>
                    <tbody>
                      {org.members.map((m) => (
                        <tr
                          key={m.userId}
                          data-testid="member-row"
                          className="border-t border-slate-100 dark:border-slate-800"
                        >
                          <td className="px-4 py-2">
                            <LocalLink
                              to={`/user/${encodeURIComponent(m.username)}`}
                              className="flex items-center gap-2 hover:text-accent"
                            >
                              <UserAvatar name={m.name || m.username} thumbnail={m.thumbnail} />
                              <span className="min-w-0 truncate">{m.username}</span>
                            </LocalLink>
                          </td>
                          <td className="px-4 py-2">
                            {isAdmin ? (
                              <Form method="post" className="flex items-center gap-2">
                                <Hidden csrfToken={csrfToken} intent="set-role" organizationId={org.id} />
                                <input type="hidden" name="userId" value={m.userId} />
                                <select
                                  name="role"
                                  defaultValue={m.role}
                                  aria-label={t("org.changeRole", { username: m.username })}
                                  className={INPUT}
                                >
                                  <option value="member">{t("org.roles.member")}</option>
                                  <option value="admin">{t("org.roles.admin")}</option>
                                </select>
                                <button
                                  type="submit"
                                  className="text-sm font-semibold text-accent hover:underline"
                                  disabled={busy}
                                >
                                  {t("org.saveRole")}
                                </button>
                              </Form>
                            ) : (
                              t(`org.roles.${m.role}`)
                            )}
                          </td>
                          <td className="hidden px-4 py-2 text-slate-500 sm:table-cell">
                            {formatDate(m.joinedAt, locale)}
                          </td>
                          {isAdmin && (
                            <td className="px-4 py-2">
                              <Form method="post">
                                <Hidden csrfToken={csrfToken} intent="remove-member" organizationId={org.id} />
                                <input type="hidden" name="userId" value={m.userId} />
                                <button type="submit" className={LINK_BUTTON} disabled={busy}>
                                  {t("org.remove")}
                                </button>
                              </Form>
                            </td>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {isAdmin && (
                  <Form
                    key={formsKey}
                    method="post"
                    data-testid="add-member-form"
                    className="flex flex-wrap items-end gap-2"
                  >
                    <Hidden csrfToken={csrfToken} intent="add-member" organizationId={org.id} />
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium">{t("org.addMember")}</span>
                      <input
                        name="username"
                        required
                        maxLength={30}
                        placeholder={t("auth.username")}
                        className={INPUT}
                      />
                    </label>
                    <select name="role" defaultValue="member" aria-label={t("org.role")} className={INPUT}>
                      <option value="member">{t("org.roles.member")}</option>
                      <option value="admin">{t("org.roles.admin")}</option>
                    </select>
                    <button type="submit" className={BUTTON} disabled={busy}>
                      {t("org.add")}
                    </button>
                    <p className="basis-full text-xs text-slate-500">{t("org.addMemberHint")}</p>
                  </Form>
                )}
              </section>

              <section id="teams" aria-labelledby="teams-title" className="flex flex-col gap-3">
                <h3 id="teams-title" className="text-lg font-bold">
                  {t("org.teams")}
                </h3>
                {isAdmin && (
                  <Form
                    key={formsKey}
                    method="post"
                    data-testid="create-team-form"
                    className="flex flex-wrap items-end gap-2"
                  >
                    <Hidden csrfToken={csrfToken} intent="create-team" organizationId={org.id} />
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium">{t("org.teamName")}</span>
                      <input name="name" required minLength={2} maxLength={60} className={INPUT} />
                    </label>
                    <button type="submit" className={BUTTON} disabled={busy}>
                      {t("org.createTeam")}
                    </button>
                  </Form>
                )}
                {org.teams.length === 0 ? (
                  <p className="text-sm text-slate-500">{t("org.noTeams")}</p>
                ) : (
                  <ul className="grid gap-4 md:grid-cols-2">
                    {org.teams.map((team) => (
                      <li
                        key={team.id}
                        data-testid="team-card"
                        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                      >
                        <div className="flex items-center justify-between gap-2">
                          <h4 dir="auto" className="font-semibold">
                            {team.name}
                          </h4>
                          {isAdmin && (
                            <Form method="post">
                              <Hidden
                                csrfToken={csrfToken}
                                intent="delete-team"
                                organizationId={org.id}
                                teamId={team.id}
                              />
                              <button type="submit" className={LINK_BUTTON} disabled={busy}>
                                {t("org.deleteTeam")}
                              </button>
                            </Form>
                          )}
                        </div>
                        <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
                          {t("org.developers")}
                        </p>
                        {team.developers.length === 0 ? (
                          <p className="text-sm text-slate-500">{t("org.noDevelopers")}</p>
                        ) : (
                          <ul className="flex flex-wrap gap-2">
                            {team.developers.map((d) => (
                              <li
                                key={d.id}
                                data-testid="team-developer"
                                className="inline-flex items-center gap-2 rounded-full bg-slate-100 py-1 ps-1 pe-3 text-sm dark:bg-slate-800"
                              >
                                <UserAvatar name={d.name || d.username} thumbnail={d.thumbnail} />
                                {d.username}
                                {isAdmin && (
                                  <Form method="post" className="inline">
                                    <Hidden
                                      csrfToken={csrfToken}
                                      intent="remove-developer"
                                      organizationId={org.id}
                                      teamId={team.id}
                                    />
                                    <input type="hidden" name="username" value={d.username} />
                                    <button
                                      type="submit"
                                      aria-label={t("org.removeDeveloper", { username: d.username, team: team.name })}
                                      className="text-slate-500 hover:text-danger"
                                      disabled={busy}
                                    >
                                      ×
                                    </button>
                                  </Form>
                                )}
                              </li>
                            ))}
                          </ul>
                        )}
                        {isAdmin && (
                          <Form
                            key={formsKey}
                            method="post"
                            data-testid="add-developer-form"
                            className="flex flex-wrap items-end gap-2"
                          >
                            <Hidden
                              csrfToken={csrfToken}
                              intent="add-developer"
                              organizationId={org.id}
                              teamId={team.id}
                            />
                            <input
                              name="username"
                              required
                              maxLength={30}
                              list={`members-${team.id}`}
                              placeholder={t("auth.username")}
                              aria-label={t("org.addDeveloper")}
                              className={`${INPUT} flex-1`}
                            />
                            <datalist id={`members-${team.id}`}>
                              {org.members
                                .filter((m) => !team.developers.some((d) => d.id === m.userId))
                                .map((m) => (
                                  <option key={m.userId} value={m.username} />
                                ))}
                            </datalist>
                            <button type="submit" className={BUTTON} disabled={busy}>
                              {t("org.addDeveloper")}
                            </button>
                            <p className="basis-full text-xs text-slate-500">{t("org.addDeveloperHint")}</p>
                          </Form>
                        )}
                        {failed && failedTeam === team.id && <FormError message={errorText} />}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          </div>
        )}
      </Container>
    </>
  );
}

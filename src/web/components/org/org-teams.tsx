import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { ManagedOrganization } from "../../routes/org/manage";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-field";
import { Input } from "../ui/input";
import { UserAvatar } from "../user-avatar";
import { DANGER_TEXT_BUTTON, OrgHiddenFields } from "./org-form-bits";

type Team = ManagedOrganization["teams"][number];

interface TeamFormProps {
  org: ManagedOrganization;
  isAdmin: boolean;
  csrfToken: string;
  busy: boolean;
  /** Changes after each successful action, so the add and create forms start empty. */
  formsKey: number;
}

/** A team's developers as chips; admins remove one with its ×. */
function TeamDevelopers(props: TeamFormProps & { team: Team }) {
  const { t } = useTranslation();
  const { team, org } = props;
  if (team.developers.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t("org.noDevelopers")}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {team.developers.map((d) => (
        <li
          key={d.id}
          data-testid="team-developer"
          className="inline-flex items-center gap-2 rounded-full bg-slate-100 py-1 ps-1 pe-3 text-sm dark:bg-slate-800"
        >
          <UserAvatar name={d.name || d.username} thumbnail={d.thumbnail} />
          {d.username}
          {props.isAdmin && (
            <Form method="post" className="inline">
              <OrgHiddenFields
                csrfToken={props.csrfToken}
                intent="remove-developer"
                organizationId={org.id}
                teamId={team.id}
              />
              <input type="hidden" name="username" value={d.username} />
              <button
                type="submit"
                aria-label={t("org.removeDeveloper", { username: d.username, team: team.name })}
                className="text-slate-500 dark:text-slate-400 hover:text-danger"
                disabled={props.busy}
              >
                ×
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The admins' form adding a member to a team; the organization's other members are suggested. */
function AddDeveloperForm(props: TeamFormProps & { team: Team }) {
  const { t } = useTranslation();
  const { team, org } = props;
  return (
    <Form
      key={props.formsKey}
      method="post"
      data-testid="add-developer-form"
      className="flex flex-wrap items-end gap-2"
    >
      <OrgHiddenFields csrfToken={props.csrfToken} intent="add-developer" organizationId={org.id} teamId={team.id} />
      <Input
        look="plain"
        name="username"
        required
        maxLength={30}
        list={`members-${team.id}`}
        placeholder={t("auth.username")}
        aria-label={t("org.addDeveloper")}
        className="flex-1"
      />
      <datalist id={`members-${team.id}`}>
        {org.members
          .filter((m) => !team.developers.some((d) => d.id === m.userId))
          .map((m) => (
            <option key={m.userId} value={m.username} />
          ))}
      </datalist>
      <Button type="submit" size="row" disabled={props.busy}>
        {t("org.addDeveloper")}
      </Button>
      <p className="basis-full text-xs text-slate-500 dark:text-slate-400">{t("org.addDeveloperHint")}</p>
    </Form>
  );
}

function TeamCard(props: TeamFormProps & { team: Team; error: string | null }) {
  const { t } = useTranslation();
  const { team, org } = props;
  return (
    <li
      data-testid="team-card"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 dir="auto" className="font-semibold">
          {team.name}
        </h4>
        {props.isAdmin && (
          <Form method="post">
            <OrgHiddenFields
              csrfToken={props.csrfToken}
              intent="delete-team"
              organizationId={org.id}
              teamId={team.id}
            />
            <button type="submit" className={DANGER_TEXT_BUTTON} disabled={props.busy}>
              {t("org.deleteTeam")}
            </button>
          </Form>
        )}
      </div>
      <p className="text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
        {t("org.developers")}
      </p>
      <TeamDevelopers {...props} />
      {props.isAdmin && <AddDeveloperForm {...props} />}
      {props.error && <FormError message={props.error} />}
    </li>
  );
}

/**
 * /org's teams: admins create and delete teams and add or remove their developers. `failedTeam` is the team a
 * refused action was about: its message shows on that team's card.
 */
export function OrgTeams(props: TeamFormProps & { failedTeam: string; errorText: string | null }) {
  const { t } = useTranslation();
  const { org } = props;
  return (
    <section id="teams" aria-labelledby="teams-title" className="flex flex-col gap-3">
      <h3 id="teams-title" className="text-lg font-bold">
        {t("org.teams")}
      </h3>
      {props.isAdmin && (
        <Form
          key={props.formsKey}
          method="post"
          data-testid="create-team-form"
          className="flex flex-wrap items-end gap-2"
        >
          <OrgHiddenFields csrfToken={props.csrfToken} intent="create-team" organizationId={org.id} />
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t("org.teamName")}</span>
            <Input look="plain" name="name" required minLength={2} maxLength={60} />
          </label>
          <Button type="submit" size="row" disabled={props.busy}>
            {t("org.createTeam")}
          </Button>
        </Form>
      )}
      {org.teams.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("org.noTeams")}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {org.teams.map((team) => (
            <TeamCard
              key={team.id}
              {...props}
              team={team}
              error={props.failedTeam === team.id ? props.errorText : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

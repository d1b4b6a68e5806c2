import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { graphqlRequest, RequestError } from "../lib/graphql-client";
import { useSession } from "../lib/root-data";
import { translateServerMessage } from "../lib/server-messages";
import { LockIcon } from "./icons";
import { Button } from "./ui/button";

type PrincipalType = "USER" | "TEAM" | "ORGANIZATION";

const INVITE = `mutation Invite($apiId: ID!, $principalType: String!, $principalId: ID, $username: String) {
  inviteToApi(apiId: $apiId, principalType: $principalType, principalId: $principalId, username: $username) { id }
}`;
const REVOKE = "mutation Revoke($invitationId: ID!) { revokeApiInvitation(invitationId: $invitationId) }";
const VISIBILITY = `mutation Visibility($apiId: ID!, $visibility: String!) {
  setApiVisibility(apiId: $apiId, visibility: $visibility) { visibility }
}`;

/**
 * The API's sharing panel (only rendered for whoever may edit it): public/private switch and invitations of users,
 * teams or organizations. Teams and organizations are chosen from the editor's own contexts.
 */
export function InvitationsPanel(props: {
  apiId: string;
  visibility: string;
  invitations: Array<{ id: string; principalType: string; principalName: string }>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const revalidator = useRevalidator();
  const [type, setType] = useState<PrincipalType>("USER");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = (session?.contexts ?? []).filter((c) =>
    type === "TEAM" ? c.type === "Team" : type === "ORGANIZATION" && c.type === "Organization",
  );
  const isPrivate = props.visibility !== "PUBLIC";

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      await revalidator.revalidate();
    } catch (caught) {
      const message =
        caught instanceof RequestError ? translateServerMessage(t, caught.message) : t("invitations.failed");
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = String(form.get("principal") ?? "").trim();
    if (!value) return;
    const target = event.currentTarget;
    void run(async () => {
      await graphqlRequest(INVITE, {
        apiId: props.apiId,
        principalType: type,
        ...(type === "USER" ? { username: value } : { principalId: value }),
      });
      target.reset();
    });
  }

  return (
    <section
      data-testid="invitations-panel"
      aria-labelledby="invitations-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="invitations-title" className="flex items-center gap-2 font-semibold">
            <LockIcon className="size-4" />
            {t("invitations.title")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("invitations.intro")}</p>
        </div>
        <button
          type="button"
          disabled={busy}
          data-testid="visibility-toggle"
          onClick={() =>
            run(() => graphqlRequest(VISIBILITY, { apiId: props.apiId, visibility: isPrivate ? "PUBLIC" : "PRIVATE" }))
          }
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold hover:border-accent hover:text-accent disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950"
        >
          {isPrivate ? t("invitations.makePublic") : t("invitations.makePrivate")}
        </button>
      </div>
      <form onSubmit={invite} className="mt-4 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("invitations.inviteType")}</span>
          <select
            value={type}
            onChange={(event) => setType(event.currentTarget.value as PrincipalType)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-2 dark:border-slate-700 dark:bg-slate-950"
          >
            {(["USER", "TEAM", "ORGANIZATION"] as const).map((option) => (
              <option key={option} value={option}>
                {t(`invitations.types.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor="invite-principal" className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">{type === "USER" ? t("auth.username") : t(`invitations.types.${type}`)}</span>
          {type === "USER" ? (
            <input
              id="invite-principal"
              name="principal"
              required
              maxLength={30}
              autoComplete="off"
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-950"
            />
          ) : (
            <select
              id="invite-principal"
              name="principal"
              required
              className="rounded-lg border border-slate-300 bg-white px-2 py-2 dark:border-slate-700 dark:bg-slate-950"
            >
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.parentName ? t("nav.contextTeam", { team: g.name, organization: g.parentName }) : g.name}
                </option>
              ))}
            </select>
          )}
        </label>
        <Button type="submit" disabled={busy}>
          {t("invitations.invite")}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {props.invitations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t("invitations.none")}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {props.invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-testid="invitation"
              className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm ring-1 ring-slate-200 dark:bg-slate-950 dark:ring-slate-700"
            >
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {t(`invitations.types.${invitation.principalType}`)}
              </span>
              <span dir="auto">{invitation.principalName}</span>
              <button
                type="button"
                disabled={busy}
                onClick={() => run(() => graphqlRequest(REVOKE, { invitationId: invitation.id }))}
                className="text-xs font-semibold text-danger hover:underline"
              >
                {t("invitations.revoke")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import type { ManagedOrganization } from "../../routes/org/manage";
import { LocalLink } from "../localized-link";
import { Button } from "../ui/button";
import { DataTable } from "../ui/data-table";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { UserAvatar } from "../user-avatar";
import { DANGER_TEXT_BUTTON, OrgHiddenFields } from "./org-form-bits";

type Member = ManagedOrganization["members"][number];

function RoleOptions() {
  const { t } = useTranslation();
  return (
    <>
      <option value="member">{t("org.roles.member")}</option>
      <option value="admin">{t("org.roles.admin")}</option>
    </>
  );
}

/** An admin's role picker for one member (a member sees the role as text). */
function MemberRoleForm(props: { org: ManagedOrganization; member: Member; csrfToken: string; busy: boolean }) {
  const { t } = useTranslation();
  const { member } = props;
  return (
    <Form method="post" className="flex items-center gap-2">
      <OrgHiddenFields csrfToken={props.csrfToken} intent="set-role" organizationId={props.org.id} />
      <input type="hidden" name="userId" value={member.userId} />
      <Select
        look="plain"
        name="role"
        defaultValue={member.role}
        aria-label={t("org.changeRole", { username: member.username })}
      >
        <RoleOptions />
      </Select>
      <button type="submit" className="text-sm font-semibold text-accent hover:underline" disabled={props.busy}>
        {t("org.saveRole")}
      </button>
    </Form>
  );
}

/** /org's members table (admins change roles and remove members) and the admins' add-member form. */
export function OrgMembers(props: {
  org: ManagedOrganization;
  isAdmin: boolean;
  csrfToken: string;
  busy: boolean;
  /** Changes after each successful action, so the add form starts empty. */
  formsKey: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { org, isAdmin, csrfToken, busy } = props;
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-3">
      <h3 id="members-title" className="text-lg font-bold">
        {t("org.members")}
      </h3>
      <DataTable
        testId="members-table"
        className="min-w-[34rem] text-sm"
        rows={org.members}
        rowKey={(m) => m.userId}
        rowAttributes={() => ({ "data-testid": "member-row" })}
        columns={[
          {
            id: "member",
            header: t("org.member"),
            cell: (m) => (
              <LocalLink
                to={`/user/${encodeURIComponent(m.username)}`}
                className="flex items-center gap-2 hover:text-accent"
              >
                <UserAvatar name={m.name || m.username} thumbnail={m.thumbnail} />
                <span className="min-w-0 truncate">{m.username}</span>
              </LocalLink>
            ),
          },
          {
            id: "role",
            header: t("org.role"),
            cell: (m) =>
              isAdmin ? (
                <MemberRoleForm org={org} member={m} csrfToken={csrfToken} busy={busy} />
              ) : (
                t(`org.roles.${m.role}`)
              ),
          },
          {
            id: "joined",
            header: t("org.joined"),
            className: "hidden sm:table-cell",
            cellClassName: "text-slate-500",
            cell: (m) => formatDate(m.joinedAt, locale),
          },
          ...(isAdmin
            ? [
                {
                  id: "actions",
                  header: t("org.actions"),
                  cell: (m: Member) => (
                    <Form method="post">
                      <OrgHiddenFields csrfToken={csrfToken} intent="remove-member" organizationId={org.id} />
                      <input type="hidden" name="userId" value={m.userId} />
                      <button type="submit" className={DANGER_TEXT_BUTTON} disabled={busy}>
                        {t("org.remove")}
                      </button>
                    </Form>
                  ),
                },
              ]
            : []),
        ]}
      />
      {isAdmin && (
        <Form
          key={props.formsKey}
          method="post"
          data-testid="add-member-form"
          className="flex flex-wrap items-end gap-2"
        >
          <OrgHiddenFields csrfToken={csrfToken} intent="add-member" organizationId={org.id} />
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t("org.addMember")}</span>
            <Input look="plain" name="username" required maxLength={30} placeholder={t("auth.username")} />
          </label>
          <Select look="plain" name="role" defaultValue="member" aria-label={t("org.role")}>
            <RoleOptions />
          </Select>
          <Button type="submit" size="row" disabled={busy}>
            {t("org.add")}
          </Button>
          <p className="basis-full text-xs text-slate-500 dark:text-slate-400">{t("org.addMemberHint")}</p>
        </Form>
      )}
    </section>
  );
}

import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { getAccessTree, getActiveUserContext } from "../access/access.service";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import type { TenantInfo } from "../tenants/tenants.types";
import { buildUserContexts } from "./contexts";
import { corporateDomainOf } from "./corporate-domain";
import { listCorporateDomains, setCorporateDomainIgnore } from "./corporate-domains.service";
import { LAST_ADMIN, ORG_NOT_FOUND } from "./orgs.policy";
import {
  ALREADY_MEMBER,
  addOrganizationMember,
  createOrganization,
  getOrganization,
  getOrganizationHomepage,
  joinOrganization,
  leaveOrganization,
  listJoinableOrganizations,
  listMyOrganizations,
  removeOrganizationMember,
  setOrganizationMemberRole,
  USER_ALREADY_MEMBER,
} from "./orgs.service";
import {
  ADD_DEVELOPERS_FAILED,
  addTeamDevelopers,
  createTeam,
  REMOVE_DEVELOPERS_FAILED,
  removeTeamDevelopers,
} from "./teams.service";

describeEachDialect("organizations and teams", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let admin: Viewer;
  let member: Viewer;
  let colleague: Viewer;
  let outsider: Viewer;
  let gmailUser: Viewer;
  let tenantAdmin: Viewer;
  let stranger: Viewer;

  async function viewer(tenantId: string, username: string, email: string, isAdmin = false): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email, admin: isAdmin, emailVerified: true });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    admin = await viewer(t1.id, "olga", "olga@acme.test");
    member = await viewer(t1.id, "pete", "pete@elsewhere.test");
    colleague = await viewer(t1.id, "quinn", "quinn@acme.test");
    outsider = await viewer(t1.id, "rita", "rita@other.test");
    gmailUser = await viewer(t1.id, "sam", "sam@gmail.com");
    tenantAdmin = await viewer(t1.id, "tess", "tess@portico.test", true);
    stranger = await viewer(t2.id, "uma", "uma@acme.test");
  });

  let orgId = "";

  it("creates an organization with the creator as admin and refuses a duplicate name", async () => {
    const org = await createOrganization(
      { db: db(), tenantId: t1.id, viewer: admin },
      { name: "Acme Corp", corporateDomain: "acme.test" },
    );
    orgId = org.id;
    expect(org).toMatchObject({ name: "Acme Corp", slugifiedName: "acme-corp" });
    expect(
      (await listMyOrganizations({ db: db(), tenantId: t1.id, viewer: admin })).map((o) => [o.id, o.role]),
    ).toEqual([[orgId, "admin"]]);
    await expect(
      createOrganization({ db: db(), tenantId: t1.id, viewer: member }, { name: "ACME corp" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      details: { fields: { name: "An organization with this name already exists" } },
    });
    await expect(
      createOrganization({ db: db(), tenantId: t1.id, viewer: member }, { name: "x" }),
    ).rejects.toMatchObject({
      details: { fields: { name: "Name must be at least 2 characters" } },
    });
    await expect(
      createOrganization({ db: db(), tenantId: t1.id, viewer: null }, { name: "Anon Org" }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("refuses to claim a domain that is not the admin's own", async () => {
    await expect(
      createOrganization(
        { db: db(), tenantId: t1.id, viewer: member },
        { name: "Pete Inc", corporateDomain: "acme.test" },
      ),
    ).rejects.toMatchObject({
      details: { fields: { corporateDomain: "You can only claim the domain of your own company e-mail address" } },
    });
  });

  it("adds members by username; unknown users and adding twice are clear errors", async () => {
    const members = await addOrganizationMember({ db: db(), tenantId: t1.id, viewer: admin }, orgId, {
      username: "pete",
    });
    expect(members.map((m) => [m.username, m.role])).toEqual([
      ["olga", "admin"],
      ["pete", "member"],
    ]);
    await expect(
      addOrganizationMember({ db: db(), tenantId: t1.id, viewer: admin }, orgId, { username: "nobody" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      addOrganizationMember({ db: db(), tenantId: t1.id, viewer: admin }, orgId, { username: "PETE" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: USER_ALREADY_MEMBER,
    });
    await expect(
      addOrganizationMember({ db: db(), tenantId: t1.id, viewer: member }, orgId, { username: "rita" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // A user of another tenant is unknown here.
    await expect(
      addOrganizationMember({ db: db(), tenantId: t1.id, viewer: admin }, orgId, { username: "uma" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("hides an organization from non-members and other tenants with the same NOT_FOUND", async () => {
    expect((await getOrganization({ db: db(), tenantId: t1.id, viewer: member }, orgId)).members).toHaveLength(2);
    await expect(getOrganization({ db: db(), tenantId: t1.id, viewer: outsider }, orgId)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: ORG_NOT_FOUND,
    });
    await expect(getOrganization({ db: db(), tenantId: t1.id, viewer: outsider }, "org_missing")).rejects.toMatchObject(
      {
        message: ORG_NOT_FOUND,
      },
    );
    await expect(getOrganization({ db: db(), tenantId: t2.id, viewer: stranger }, orgId)).rejects.toMatchObject({
      message: ORG_NOT_FOUND,
    });
    expect((await getOrganization({ db: db(), tenantId: t1.id, viewer: tenantAdmin }, orgId)).viewerRole).toBeNull();
    expect(await getOrganizationHomepage(db(), t1.id, "acme-corp")).toMatchObject({
      name: "Acme Corp",
      membersCount: 2,
    });
    expect(await getOrganizationHomepage(db(), t2.id, "acme-corp")).toBeNull();
  });

  it("lets a colleague with the claimed domain join once; ignored and webmail domains cannot", async () => {
    expect(
      (await listJoinableOrganizations({ db: db(), tenantId: t1.id, viewer: colleague })).map((o) => o.id),
    ).toEqual([orgId]);
    await joinOrganization({ db: db(), tenantId: t1.id, viewer: colleague }, orgId);
    await expect(joinOrganization({ db: db(), tenantId: t1.id, viewer: colleague }, orgId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: ALREADY_MEMBER,
    });
    expect(await listJoinableOrganizations({ db: db(), tenantId: t1.id, viewer: colleague })).toEqual([]);
    await expect(joinOrganization({ db: db(), tenantId: t1.id, viewer: outsider }, orgId)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await corporateDomainOf(db(), t1.id, gmailUser.email)).toMatchObject({ domain: "gmail.com", ignore: true });
    expect(await listJoinableOrganizations({ db: db(), tenantId: t1.id, viewer: gmailUser })).toEqual([]);

    await expect(
      setCorporateDomainIgnore({ db: db(), tenantId: t1.id, viewer: admin }, "acme.test", true),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await setCorporateDomainIgnore({ db: db(), tenantId: t1.id, viewer: tenantAdmin }, "acme.test", true);
    await setCorporateDomainIgnore({ db: db(), tenantId: t1.id, viewer: tenantAdmin }, "mail-only.test", true);
    const listed = await listCorporateDomains({ db: db(), tenantId: t1.id, viewer: tenantAdmin });
    expect(listed.items.filter((d) => ["acme.test", "mail-only.test"].includes(d.domain))).toEqual([
      { domain: "acme.test", ignore: true, organizationId: orgId, organizationName: expect.any(String) },
      { domain: "mail-only.test", ignore: true, organizationId: null, organizationName: null },
    ]);
    await expect(listCorporateDomains({ db: db(), tenantId: t1.id, viewer: admin })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(
      (
        await listCorporateDomains({
          db: db(),
          tenantId: t2.id,
          viewer: await viewer(t2.id, "t2root", "root@t2.test", true),
        })
      ).total,
    ).toBe(0);
    const late = await viewer(t1.id, "vera", "vera@acme.test");
    expect(await listJoinableOrganizations({ db: db(), tenantId: t1.id, viewer: late })).toEqual([]);
    await expect(joinOrganization({ db: db(), tenantId: t1.id, viewer: late }, orgId)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await getAccessTree({ db: db(), tenantId: t1.id, viewer: late })).canJoinOrganization).toBe(false);
    await setCorporateDomainIgnore({ db: db(), tenantId: t1.id, viewer: tenantAdmin }, "acme.test", false);
    expect((await getAccessTree({ db: db(), tenantId: t1.id, viewer: late })).canJoinOrganization).toBe(true);
  });

  it("never removes or demotes the last admin, and members cannot remove others", async () => {
    await expect(
      removeOrganizationMember({ db: db(), tenantId: t1.id, viewer: admin }, orgId, admin.id),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: LAST_ADMIN,
    });
    await expect(
      setOrganizationMemberRole({ db: db(), tenantId: t1.id, viewer: admin }, orgId, admin.id, "member"),
    ).rejects.toMatchObject({
      message: LAST_ADMIN,
    });
    await expect(leaveOrganization({ db: db(), tenantId: t1.id, viewer: admin }, orgId)).rejects.toMatchObject({
      message: LAST_ADMIN,
    });
    await expect(
      removeOrganizationMember({ db: db(), tenantId: t1.id, viewer: member }, orgId, colleague.id),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      setOrganizationMemberRole({ db: db(), tenantId: t1.id, viewer: admin }, orgId, member.id, "owner"),
    ).rejects.toMatchObject({
      details: { fields: { input: "Role must be member or admin" } },
    });
    await setOrganizationMemberRole({ db: db(), tenantId: t1.id, viewer: admin }, orgId, member.id, "admin");
    await setOrganizationMemberRole({ db: db(), tenantId: t1.id, viewer: admin }, orgId, admin.id, "member");
    const roles = (await getOrganization({ db: db(), tenantId: t1.id, viewer: admin }, orgId)).members.map((m) => [
      m.username,
      m.role,
    ]);
    expect(roles).toEqual([
      ["olga", "member"],
      ["pete", "admin"],
      ["quinn", "member"],
    ]);
    await setOrganizationMemberRole({ db: db(), tenantId: t1.id, viewer: member }, orgId, admin.id, "admin");
  });

  it("adds only organization members as team developers, all or nothing, with the spec's messages", async () => {
    const team = await createTeam({ db: db(), tenantId: t1.id, viewer: admin }, orgId, "Platform Team");
    await expect(createTeam({ db: db(), tenantId: t1.id, viewer: colleague }, orgId, "Rogue")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      addTeamDevelopers({ db: db(), tenantId: t1.id, viewer: admin }, team.id, ["quinn", "rita"]),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: ADD_DEVELOPERS_FAILED,
      details: { fields: { usernames: "Only organization members can be added: rita" } },
    });
    expect((await getOrganization({ db: db(), tenantId: t1.id, viewer: admin }, orgId)).teams[0]?.developers).toEqual(
      [],
    );
    const withQuinn = await addTeamDevelopers({ db: db(), tenantId: t1.id, viewer: admin }, team.id, ["quinn"]);
    expect(withQuinn.developers.map((d) => d.username)).toEqual(["quinn"]);
    await expect(
      removeTeamDevelopers({ db: db(), tenantId: t1.id, viewer: admin }, team.id, ["pete"]),
    ).rejects.toMatchObject({
      message: REMOVE_DEVELOPERS_FAILED,
    });
    await expect(
      addTeamDevelopers({ db: db(), tenantId: t2.id, viewer: stranger }, team.id, ["uma"]),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    // Contexts: the developer sees the team under the organization; the admin sees every team.
    const quinn = await buildUserContexts(db(), t1.id, colleague);
    expect(quinn.tree[orgId]?.children.map((c) => [c.type, c.id, c.parentName])).toEqual([
      ["Team", team.id, "Acme Corp"],
    ]);
    expect(quinn.all.map((c) => c.type)).toEqual(["User", "Organization", "Team"]);
    await createTeam({ db: db(), tenantId: t1.id, viewer: admin }, orgId, "Data Team");
    expect((await buildUserContexts(db(), t1.id, admin)).tree[orgId]?.children).toHaveLength(2);
    expect((await buildUserContexts(db(), t1.id, colleague)).tree[orgId]?.children).toHaveLength(1);

    // Removing a member from the organization also removes them from its teams.
    await removeOrganizationMember({ db: db(), tenantId: t1.id, viewer: admin }, orgId, colleague.id);
    expect(
      (await getOrganization({ db: db(), tenantId: t1.id, viewer: admin }, orgId)).teams.find((t) => t.id === team.id)
        ?.developers,
    ).toEqual([]);
  });

  it("selects contexts by id or entityId, issues a context token and answers the access tree for it", async () => {
    const personal = await getActiveUserContext({ db: db(), tenantId: t1.id, viewer: admin });
    expect(personal.context).toMatchObject({ type: "User", id: admin.id, entityId: admin.id });
    const inOrg = await getActiveUserContext({ db: db(), tenantId: t1.id, viewer: admin }, { entityId: orgId });
    expect(inOrg.context).toMatchObject({ type: "Organization", id: orgId, slugifiedName: "acme-corp" });
    const tree = await getAccessTree(
      { db: db(), tenantId: t1.id, viewer: admin },
      { contextToken: inOrg.contextToken },
    );
    expect(tree.context.id).toBe(orgId);
    expect(tree.permissions).toEqual([
      "ACCESS_ORGANIZATION_DASHBOARD",
      "ACCESS_PROVIDER_DASHBOARD",
      "CREATE_ORGANIZATION",
    ]);
    expect(tree.menu).toMatchObject({ myOrgs: true, manageOrganizations: true, myApis: true, admin: false });
    // Someone else's context token is refused; an unknown context falls back to the personal one.
    await expect(
      getAccessTree({ db: db(), tenantId: t1.id, viewer: member }, { contextToken: inOrg.contextToken }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(
      (await getActiveUserContext({ db: db(), tenantId: t1.id, viewer: outsider }, { id: orgId })).context.type,
    ).toBe("User");
    expect((await getAccessTree({ db: db(), tenantId: t1.id, viewer: tenantAdmin })).menu.admin).toBe(true);
  });
});

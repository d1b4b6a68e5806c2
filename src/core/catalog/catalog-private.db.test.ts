import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { inviteToApi, revokeApiInvitation } from "../access/private-apis.service";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { addTeamDevelopers, createTeam } from "../orgs/teams.service";
import { listApiEndpoints } from "./api-endpoints.service";
import { getApiDetail, getCategoryPage, getCollectionPage, listApis, listPrivateApis } from "./catalog.service";

const ALL = { offset: 0, limit: 100 };

describeEachDialect("catalog: private APIs for invited viewers", ({ db }) => {
  const A = "catp-a";
  const B = "catp-b";
  let owner: Viewer;
  let invited: Viewer;
  let developer: Viewer;
  let stranger: Viewer;
  let admin: Viewer;
  let foreigner: Viewer;
  let open: TestApi;
  let secret: TestApi;
  let teamSecret: TestApi;
  let foreignSecret: TestApi;

  async function viewer(tenantId: string, username: string, isAdmin = false): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    owner = await viewer(A, "owner");
    invited = await viewer(A, "invited");
    developer = await viewer(A, "dev-one");
    stranger = await viewer(A, "stranger");
    admin = await viewer(A, "boss", true);
    // Same username in the other tenant: any missing tenant filter would let it see tenant A's invitations.
    foreigner = await viewer(B, "invited");
    const weather = await createTestCategory(db(), A, { slug: "weather", name: "Weather" });
    open = await createTestApi(db(), A, {
      owner_id: owner.id,
      slug: "open",
      category_id: weather.id,
      popularity: 9,
      endpoints: [{ method: "GET", path: "/open" }],
    });
    secret = await createTestApi(db(), A, {
      owner_id: owner.id,
      slug: "secret",
      visibility: "PRIVATE",
      category_id: weather.id,
      popularity: 5,
      endpoints: [
        { method: "GET", path: "/secret" },
        { method: "POST", path: "/secret" },
      ],
    });
    teamSecret = await createTestApi(db(), A, { owner_id: owner.id, slug: "team-secret", visibility: "PRIVATE" });
    const foreignOwner = await viewer(B, "owner");
    foreignSecret = await createTestApi(db(), B, { owner_id: foreignOwner.id, slug: "secret", visibility: "PRIVATE" });
    await createTestCollection(db(), A, { slug: "mixed", apiIds: [secret.id, open.id] });

    await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: secret.id, principalType: "USER", username: "invited" },
    );
    const org = await createOrganization({ db: db(), tenantId: A, viewer: owner }, { name: "Owners Inc" });
    await addOrganizationMember({ db: db(), tenantId: A, viewer: owner }, org.id, { username: "dev-one" });
    const team = await createTeam({ db: db(), tenantId: A, viewer: owner }, org.id, "Builders");
    await addTeamDevelopers({ db: db(), tenantId: A, viewer: owner }, team.id, ["dev-one"]);
    await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: teamSecret.id, principalType: "TEAM", principalId: team.id },
    );
  });

  it("shows a private API's page and endpoints to the invited user only; others get the not-found answer", async () => {
    const detail = await getApiDetail(db(), A, "owner", "secret", invited);
    expect(detail?.id).toBe(secret.id);
    expect(detail?.visibility).toBe("PRIVATE");
    expect((await listApiEndpoints(db(), A, secret.id, ALL, invited)).total).toBe(2);

    for (const who of [null, undefined, stranger, developer, foreigner]) {
      expect(await getApiDetail(db(), A, "owner", "secret", who)).toBeNull();
      expect((await listApiEndpoints(db(), A, secret.id, ALL, who)).items).toEqual([]);
    }
    // The owner and the tenant admin see it too; the other tenant's private API stays invisible from tenant A.
    expect((await getApiDetail(db(), A, "owner", "secret", owner))?.id).toBe(secret.id);
    expect((await getApiDetail(db(), A, "owner", "secret", admin))?.id).toBe(secret.id);
    expect(await getApiDetail(db(), B, "owner", "secret", invited)).toBeNull();
    expect((await getApiDetail(db(), B, "owner", "secret", foreigner))?.id).toBeUndefined();
  });

  it("lists invited private APIs in collections, categories and listings with matching totals", async () => {
    const anon = await getCollectionPage(db(), A, "mixed", ALL);
    expect(anon?.apis.items.map((a) => a.slug)).toEqual(["open"]);
    expect(anon?.apis.total).toBe(1);
    const mine = await getCollectionPage(db(), A, "mixed", ALL, invited);
    expect(mine?.apis.items.map((a) => a.slug)).toEqual(["secret", "open"]);
    expect(mine?.apis.total).toBe(2);

    const category = await getCategoryPage(db(), A, "weather", ALL, invited);
    expect(category?.apis.items.map((a) => a.slug)).toEqual(["open", "secret"]);
    expect(category?.apis.total).toBe(2);
    expect((await getCategoryPage(db(), A, "weather", ALL, stranger))?.apis.total).toBe(1);

    const listed = await listApis(db(), A, ALL, invited);
    expect(listed.items.map((a) => a.slug).sort()).toEqual(["open", "secret"]);
    expect((await listApis(db(), A, ALL)).items.map((a) => a.slug)).toEqual(["open"]);
  });

  it("previews the viewer's private APIs (team invitations included), empty for everyone else", async () => {
    expect((await listPrivateApis({ db: db(), tenantId: A, viewer: invited }, ALL)).items.map((a) => a.slug)).toEqual([
      "secret",
    ]);
    expect((await listPrivateApis({ db: db(), tenantId: A, viewer: developer }, ALL)).items.map((a) => a.slug)).toEqual(
      ["team-secret"],
    );
    expect((await listPrivateApis({ db: db(), tenantId: A, viewer: owner }, ALL)).total).toBe(2);
    expect((await listPrivateApis({ db: db(), tenantId: A, viewer: admin }, ALL)).total).toBe(2);
    for (const who of [null, stranger, foreigner]) {
      expect(await listPrivateApis({ db: db(), tenantId: A, viewer: who }, ALL)).toMatchObject({ items: [], total: 0 });
    }
    expect((await listPrivateApis({ db: db(), tenantId: B, viewer: foreigner }, ALL)).items).toEqual([]);
    expect(foreignSecret.visibility).toBe("PRIVATE");
  });

  it("takes the API away at once when the invitation is revoked", async () => {
    const extra = await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: secret.id, principalType: "USER", username: "stranger" },
    );
    expect((await getApiDetail(db(), A, "owner", "secret", stranger))?.id).toBe(secret.id);
    await revokeApiInvitation({ db: db(), tenantId: A, viewer: owner }, extra.id);
    expect(await getApiDetail(db(), A, "owner", "secret", stranger)).toBeNull();
  });
});

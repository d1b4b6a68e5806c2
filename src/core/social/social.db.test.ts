import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { kyselyOf } from "../../db/executor";
import {
  API_NOT_FOUND,
  canViewApi,
  getPrivateApisJwt,
  inviteToApi,
  listApiInvitations,
  privateApiIdsFor,
  revokeApiInvitation,
  setApiVisibility,
} from "../access/private-apis.service";
import { signToken } from "../access/signing-keys";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { addTeamDevelopers, createTeam } from "../orgs/teams.service";
import type { TenantInfo } from "../tenants/tenants.types";
import { OTHER_USER, SELF_FOLLOW } from "./social.policy";
import {
  followApi,
  followUser,
  getUserProfile,
  getUserSavedApis,
  listFollowedApis,
  listFollowUsers,
  listPublishedApis,
  saveUserApi,
  unfollowApi,
  unfollowUser,
} from "./social.service";

describeEachDialect("follow, save and private APIs", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let owner: Viewer;
  let fan: Viewer;
  let teammate: Viewer;
  let orgmate: Viewer;
  let admin: Viewer;
  let foreigner: Viewer;
  let publicApi = "";
  let privateApi = "";
  let foreignApi = "";

  async function viewer(tenantId: string, username: string, isAdmin = false): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  async function followers(apiId: string) {
    const row = await kyselyOf(db())
      .selectFrom("apis")
      .select("followers_count")
      .where("id", "=", apiId)
      .executeTakeFirstOrThrow();
    return Number(row.followers_count);
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    owner = await viewer(t1.id, "owner");
    fan = await viewer(t1.id, "fan");
    teammate = await viewer(t1.id, "teammate");
    orgmate = await viewer(t1.id, "orgmate");
    admin = await viewer(t1.id, "admin-user", true);
    foreigner = await viewer(t2.id, "foreigner");
    publicApi = (await createTestApi(db(), t1.id, { owner_id: owner.id, followers_count: 7 })).id;
    privateApi = (await createTestApi(db(), t1.id, { owner_id: owner.id, visibility: "PRIVATE" })).id;
    foreignApi = (await createTestApi(db(), t2.id, { owner_id: foreigner.id })).id;
  });

  it("follows an API once, keeping followers_count in step, and unfollows", async () => {
    const entry = await followApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId: publicApi });
    expect(entry).toMatchObject({ follower: fan.id, apiId: publicApi, status: "ACTIVE" });
    await followApi({ db: db(), tenantId: t1.id, viewer: fan }, { id: publicApi, userId: fan.id });
    expect(await followers(publicApi)).toBe(8);
    await unfollowApi({ db: db(), tenantId: t1.id, viewer: fan }, { id: entry.id });
    await unfollowApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId: publicApi });
    expect(await followers(publicApi)).toBe(7);
  });

  it("refuses forged user ids, hidden private APIs and other tenants' APIs without changing anything", async () => {
    await expect(
      followApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId: publicApi, userId: owner.id }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: OTHER_USER,
    });
    for (const apiId of [privateApi, foreignApi, "api_missing"]) {
      await expect(followApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: API_NOT_FOUND,
      });
      await expect(saveUserApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId })).rejects.toMatchObject({
        message: API_NOT_FOUND,
      });
    }
    await expect(followApi({ db: db(), tenantId: t1.id, viewer: null }, { apiId: publicApi })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(followApi({ db: db(), tenantId: t1.id, viewer: fan }, {})).rejects.toMatchObject({
      details: { fields: { apiId: "apiId is required" } },
    });
    expect(await followers(publicApi)).toBe(7);
    expect(await followers(privateApi)).toBe(0);
  });

  it("saves and unsaves APIs by apiId or productId", async () => {
    expect(await saveUserApi({ db: db(), tenantId: t1.id, viewer: fan }, { productId: publicApi })).toEqual({
      apiId: publicApi,
      status: 1,
    });
    expect(
      (await getUserSavedApis({ db: db(), tenantId: t1.id, viewer: fan })).map((s) => [s.apiId, s.status, s.api.name]),
    ).toEqual([[publicApi, 1, expect.any(String)]]);
    await saveUserApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId: publicApi, status: 0 });
    expect(await getUserSavedApis({ db: db(), tenantId: t1.id, viewer: fan })).toEqual([]);
  });

  it("follows users (not oneself), and the profile shows counts and lists", async () => {
    await followUser({ db: db(), tenantId: t1.id, viewer: fan }, { username: "owner" });
    await followUser({ db: db(), tenantId: t1.id, viewer: fan }, { userId: owner.id });
    await expect(followUser({ db: db(), tenantId: t1.id, viewer: fan }, { userId: fan.id })).rejects.toMatchObject({
      message: SELF_FOLLOW,
    });
    await expect(
      followUser({ db: db(), tenantId: t1.id, viewer: fan }, { userId: foreigner.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await followApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId: publicApi });
    const profile = await getUserProfile({ db: db(), tenantId: t1.id, viewer: fan }, "owner");
    expect(profile).toMatchObject({
      username: "owner",
      email: null,
      isViewer: false,
      viewerFollows: true,
      counts: { publishedApis: 1, followingApis: 0, followers: 1, following: 0 },
    });
    expect((await getUserProfile({ db: db(), tenantId: t1.id, viewer: owner }, "owner"))?.counts.publishedApis).toBe(2);
    expect((await getUserProfile({ db: db(), tenantId: t1.id, viewer: owner }, "owner"))?.email).toBe(
      "owner@example.test",
    );
    expect(
      (await listFollowUsers(db(), t1.id, "owner", "followers", { offset: 0, limit: 10 })).items.map((u) => u.username),
    ).toEqual(["fan"]);
    expect(
      (await listFollowedApis({ db: db(), tenantId: t1.id, viewer: null }, "fan", { offset: 0, limit: 10 })).items.map(
        (a) => a.id,
      ),
    ).toEqual([publicApi]);
    await unfollowUser({ db: db(), tenantId: t1.id, viewer: fan }, { username: "owner" });
    expect((await getUserProfile({ db: db(), tenantId: t1.id, viewer: fan }, "owner"))?.counts.followers).toBe(0);
    expect(await getUserProfile({ db: db(), tenantId: t2.id, viewer: null }, "owner")).toBeNull();
  });

  it("shows a private API only to its owner, invitees (user, team, organization) and tenant admins", async () => {
    const org = await createOrganization({ db: db(), tenantId: t1.id, viewer: owner }, { name: "Owner Org" });
    await addOrganizationMember({ db: db(), tenantId: t1.id, viewer: owner }, org.id, { username: "teammate" });
    await addOrganizationMember({ db: db(), tenantId: t1.id, viewer: owner }, org.id, { username: "orgmate" });
    const team = await createTeam({ db: db(), tenantId: t1.id, viewer: owner }, org.id, "Core");
    await addTeamDevelopers({ db: db(), tenantId: t1.id, viewer: owner }, team.id, ["teammate"]);

    expect(await privateApiIdsFor(db(), t1.id, owner)).toEqual([privateApi]);
    expect(await privateApiIdsFor(db(), t1.id, admin)).toEqual([privateApi]);
    expect(await privateApiIdsFor(db(), t1.id, fan)).toEqual([]);
    expect(await privateApiIdsFor(db(), t1.id, null)).toEqual([]);
    expect(await canViewApi({ db: db(), tenantId: t1.id, viewer: fan }, privateApi)).toBe(false);
    expect(
      (await listPublishedApis({ db: db(), tenantId: t1.id, viewer: fan }, "owner", { offset: 0, limit: 10 })).total,
    ).toBe(1);

    await expect(
      inviteToApi(
        { db: db(), tenantId: t1.id, viewer: fan },
        { apiId: privateApi, principalType: "USER", username: "fan" },
      ),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: API_NOT_FOUND,
    });
    const invite = await inviteToApi(
      { db: db(), tenantId: t1.id, viewer: owner },
      { apiId: privateApi, principalType: "USER", username: "fan" },
    );
    expect(invite).toMatchObject({ principalType: "USER", principalId: fan.id, principalName: "fan" });
    await expect(
      inviteToApi(
        { db: db(), tenantId: t1.id, viewer: owner },
        { apiId: privateApi, principalType: "USER", principalId: fan.id },
      ),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      inviteToApi(
        { db: db(), tenantId: t1.id, viewer: owner },
        { apiId: privateApi, principalType: "USER", principalId: foreigner.id },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await privateApiIdsFor(db(), t1.id, fan)).toEqual([privateApi]);
    expect(await privateApiIdsFor(db(), t1.id, teammate)).toEqual([]);

    await inviteToApi(
      { db: db(), tenantId: t1.id, viewer: owner },
      { apiId: privateApi, principalType: "TEAM", principalId: team.id },
    );
    expect(await privateApiIdsFor(db(), t1.id, teammate)).toEqual([privateApi]);
    expect(await privateApiIdsFor(db(), t1.id, orgmate)).toEqual([]);
    await inviteToApi(
      { db: db(), tenantId: t1.id, viewer: owner },
      { apiId: privateApi, principalType: "ORGANIZATION", principalId: org.id },
    );
    expect(await privateApiIdsFor(db(), t1.id, orgmate)).toEqual([privateApi]);
    expect(await listApiInvitations({ db: db(), tenantId: t1.id, viewer: owner }, privateApi)).toHaveLength(3);
    await expect(listApiInvitations({ db: db(), tenantId: t1.id, viewer: fan }, privateApi)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    // Invited users may follow it; the search token names them and is recomputed on use.
    await followApi({ db: db(), tenantId: t1.id, viewer: fan }, { apiId: privateApi });
    const jwt = await getPrivateApisJwt({ db: db(), tenantId: t1.id, viewer: fan });
    expect(jwt.apiIds).toEqual([privateApi]);
    expect(await privateApiIdsFor(db(), t1.id, jwt.token)).toEqual([privateApi]);
    expect(await privateApiIdsFor(db(), t2.id, jwt.token)).toEqual([]);
    expect(await privateApiIdsFor(db(), t1.id, `${jwt.token.slice(0, -2)}xx`)).toEqual([]);
    const expired = await signToken(db(), "private-apis", { tid: t1.id }, fan.id, -10);
    expect(await privateApiIdsFor(db(), t1.id, expired.token)).toEqual([]);

    await revokeApiInvitation({ db: db(), tenantId: t1.id, viewer: owner }, invite.id);
    expect(await privateApiIdsFor(db(), t1.id, jwt.token)).toEqual([]);
    expect((await getUserSavedApis({ db: db(), tenantId: t1.id, viewer: fan })).map((s) => s.apiId)).not.toContain(
      privateApi,
    );
  });

  it("lets only the owner change visibility", async () => {
    await expect(
      setApiVisibility({ db: db(), tenantId: t1.id, viewer: fan }, publicApi, "PRIVATE"),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      setApiVisibility({ db: db(), tenantId: t1.id, viewer: owner }, publicApi, "SECRET"),
    ).rejects.toMatchObject({
      details: { fields: { input: "Visibility must be PUBLIC or PRIVATE" } },
    });
    expect(await setApiVisibility({ db: db(), tenantId: t1.id, viewer: owner }, publicApi, "PRIVATE")).toEqual({
      apiId: publicApi,
      visibility: "PRIVATE",
    });
    expect(await canViewApi({ db: db(), tenantId: t1.id, viewer: fan }, publicApi)).toBe(false);
    await setApiVisibility({ db: db(), tenantId: t1.id, viewer: owner }, publicApi, "PUBLIC");
  });
});

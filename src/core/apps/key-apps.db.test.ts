import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { createPlan } from "../plans/plans.service";
import { subscribeToPlan, unsubscribe } from "../subscriptions/subscriptions.service";
import { createApp, createAppKey, revokeAppKey, rotateAppKey } from "./apps.service";
import { listKeyAppsForApi } from "./key-apps.service";

describeEachDialect("apps whose keys can call an API (try-it key picking)", ({ db }) => {
  let tenant = "";
  let alice: Viewer;
  let bob: Viewer;
  let apiId = "";
  let otherApiId = "";
  let planId = "";
  let otherPlanId = "";

  const viewer = async (id: string) => {
    const v = await getViewer(db(), tenant, id);
    if (!v) throw new Error("no viewer");
    return v;
  };

  beforeAll(async () => {
    tenant = (await createTestTenant(db())).id;
    alice = await viewer((await createTestUser(db(), tenant)).id);
    bob = await viewer((await createTestUser(db(), tenant)).id);
    const provider = (await createTestUser(db(), tenant)).id;
    apiId = (await createTestApi(db(), tenant, { owner_id: provider })).id;
    otherApiId = (await createTestApi(db(), tenant, { owner_id: provider })).id;
    planId = (await createPlan(await userContext(db(), tenant, provider), apiId, { name: "Free" })).id;
    otherPlanId = (await createPlan(await userContext(db(), tenant, provider), otherApiId, { name: "Free" })).id;
  });

  it("lists only subscribed apps of the viewer, with the prefixes of keys that still work", async () => {
    const subscribed = await createApp({ db: db(), tenantId: tenant, viewer: alice }, { name: "Subscribed" });
    const first = await createAppKey({ db: db(), tenantId: tenant, viewer: alice }, subscribed.id);
    const revoked = await createAppKey({ db: db(), tenantId: tenant, viewer: alice }, subscribed.id);
    await revokeAppKey({ db: db(), tenantId: tenant, viewer: alice }, revoked.key.id);
    const rotated = await rotateAppKey({ db: db(), tenantId: tenant, viewer: alice }, first.key.id, 3600);
    await subscribeToPlan({ db: db(), tenantId: tenant, viewer: alice }, planId, subscribed.id);

    const elsewhere = await createApp({ db: db(), tenantId: tenant, viewer: alice }, { name: "Other API" });
    await createAppKey({ db: db(), tenantId: tenant, viewer: alice }, elsewhere.id);
    await subscribeToPlan({ db: db(), tenantId: tenant, viewer: alice }, otherPlanId, elsewhere.id);

    const left = await createApp({ db: db(), tenantId: tenant, viewer: alice }, { name: "Left" });
    await createAppKey({ db: db(), tenantId: tenant, viewer: alice }, left.id);
    const sub = await subscribeToPlan({ db: db(), tenantId: tenant, viewer: alice }, planId, left.id);
    await unsubscribe({ db: db(), tenantId: tenant, viewer: alice }, sub.id);

    const bobs = await createApp({ db: db(), tenantId: tenant, viewer: bob }, { name: "Bob's" });
    await createAppKey({ db: db(), tenantId: tenant, viewer: bob }, bobs.id);
    await subscribeToPlan({ db: db(), tenantId: tenant, viewer: bob }, planId, bobs.id);

    const apps = await listKeyAppsForApi({ db: db(), tenantId: tenant, viewer: alice }, apiId);
    expect(apps.map((a) => a.appName)).toEqual(["Subscribed"]);
    const [only] = apps;
    // The rotated-out key works during its overlap; the revoked one does not.
    expect(only?.usablePrefixes.sort()).toEqual([first.key.prefix, rotated.key.prefix].sort());
    expect(only?.usablePrefixes).not.toContain(revoked.key.prefix);
    expect(only?.contextName).toBeNull();
    expect(JSON.stringify(apps)).not.toContain(first.secret);
    expect((await listKeyAppsForApi({ db: db(), tenantId: tenant, viewer: bob }, apiId)).map((a) => a.appName)).toEqual(
      ["Bob's"],
    );
  });

  it("includes an organization's apps for its members, named by the organization", async () => {
    const org = await createOrganization(
      { db: db(), tenantId: tenant, viewer: alice },
      { name: `Key Org ${Date.now()}` },
    );
    await addOrganizationMember({ db: db(), tenantId: tenant, viewer: alice }, org.id, { username: bob.username });
    const app = await createApp(
      { db: db(), tenantId: tenant, viewer: alice },
      { name: "Org app", context: { organizationId: org.id } },
    );
    await createAppKey({ db: db(), tenantId: tenant, viewer: alice }, app.id);
    await subscribeToPlan({ db: db(), tenantId: tenant, viewer: alice }, planId, app.id);
    const forBob = await listKeyAppsForApi({ db: db(), tenantId: tenant, viewer: bob }, apiId);
    expect(forBob.find((a) => a.appId === app.id)?.contextName).toBe(org.name);
  });

  it("refuses a viewer of another tenant as signed out", async () => {
    const other = (await createTestTenant(db())).id;
    await expect(listKeyAppsForApi({ db: db(), tenantId: other, viewer: alice }, apiId)).rejects.toThrow(
      "Sign in to continue",
    );
  });
});

import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
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
    planId = (await createPlan(db(), tenant, provider, apiId, { name: "Free" })).id;
    otherPlanId = (await createPlan(db(), tenant, provider, otherApiId, { name: "Free" })).id;
  });

  it("lists only subscribed apps of the viewer, with the prefixes of keys that still work", async () => {
    const subscribed = await createApp(db(), tenant, alice.id, { name: "Subscribed" });
    const first = await createAppKey(db(), tenant, alice.id, subscribed.id);
    const revoked = await createAppKey(db(), tenant, alice.id, subscribed.id);
    await revokeAppKey(db(), tenant, alice.id, revoked.key.id);
    const rotated = await rotateAppKey(db(), tenant, alice.id, first.key.id, 3600);
    await subscribeToPlan(db(), tenant, alice.id, planId, subscribed.id);

    const elsewhere = await createApp(db(), tenant, alice.id, { name: "Other API" });
    await createAppKey(db(), tenant, alice.id, elsewhere.id);
    await subscribeToPlan(db(), tenant, alice.id, otherPlanId, elsewhere.id);

    const left = await createApp(db(), tenant, alice.id, { name: "Left" });
    await createAppKey(db(), tenant, alice.id, left.id);
    const sub = await subscribeToPlan(db(), tenant, alice.id, planId, left.id);
    await unsubscribe(db(), tenant, alice.id, sub.id);

    const bobs = await createApp(db(), tenant, bob.id, { name: "Bob's" });
    await createAppKey(db(), tenant, bob.id, bobs.id);
    await subscribeToPlan(db(), tenant, bob.id, planId, bobs.id);

    const apps = await listKeyAppsForApi(db(), tenant, alice, apiId);
    expect(apps.map((a) => a.appName)).toEqual(["Subscribed"]);
    const [only] = apps;
    // The rotated-out key works during its overlap; the revoked one does not.
    expect(only?.usablePrefixes.sort()).toEqual([first.key.prefix, rotated.key.prefix].sort());
    expect(only?.usablePrefixes).not.toContain(revoked.key.prefix);
    expect(only?.contextName).toBeNull();
    expect(JSON.stringify(apps)).not.toContain(first.secret);
    expect((await listKeyAppsForApi(db(), tenant, bob, apiId)).map((a) => a.appName)).toEqual(["Bob's"]);
  });

  it("includes an organization's apps for its members, named by the organization", async () => {
    const org = await createOrganization(db(), tenant, alice, { name: `Key Org ${Date.now()}` });
    await addOrganizationMember(db(), tenant, alice, org.id, { username: bob.username });
    const app = await createApp(db(), tenant, alice.id, { name: "Org app", context: { organizationId: org.id } });
    await createAppKey(db(), tenant, alice.id, app.id);
    await subscribeToPlan(db(), tenant, alice.id, planId, app.id);
    const forBob = await listKeyAppsForApi(db(), tenant, bob, apiId);
    expect(forBob.find((a) => a.appId === app.id)?.contextName).toBe(org.name);
  });

  it("answers nothing for a viewer of another tenant", async () => {
    const other = (await createTestTenant(db())).id;
    expect(await listKeyAppsForApi(db(), other, alice, apiId)).toEqual([]);
  });
});

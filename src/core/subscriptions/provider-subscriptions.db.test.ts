import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { appErrorCodeOf, createTestViewer } from "../../../tests/factories/viewers";
import type { Viewer } from "../accounts/accounts.types";
import { createApp } from "../apps/apps.service";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { planManagerData } from "../plans/plan-manager.service";
import { createPlan } from "../plans/plans.service";
import { pricingPageData } from "../plans/pricing-page.service";
import { getApiGatewayMode } from "../upstreams/upstreams.service";
import type { UseCaseContext } from "../use-case-context";
import { pendingApprovalCount, providerPlanSubscriptions } from "./provider-subscriptions.service";
import { subscribeToPlan } from "./subscriptions.service";

describeEachDialect("the provider's subscriptions and the Pricing tab's choices (use cases)", ({ db }) => {
  let tenant = "";
  let provider: Viewer;
  let alice: Viewer;
  let colleague: Viewer;
  let apiId = "";
  let orgName = "";
  let orgAppId = "";

  const as = (v: Viewer | null): UseCaseContext => ({ db: db(), tenantId: tenant, viewer: v });

  beforeAll(async () => {
    tenant = (await createTestTenant(db())).id;
    provider = await createTestViewer(db(), tenant);
    alice = await createTestViewer(db(), tenant);
    colleague = await createTestViewer(db(), tenant);
    apiId = (await createTestApi(db(), tenant, { owner_id: provider.id })).id;
    const free = await createPlan({ db: db(), tenantId: tenant, viewer: provider }, apiId, { name: "Free" });
    const gated = await createPlan({ db: db(), tenantId: tenant, viewer: provider }, apiId, {
      name: "Gated",
      approvalRequired: true,
    });
    await createPlan({ db: db(), tenantId: tenant, viewer: provider }, apiId, { name: "Partner", private: true });
    const personal = await createApp({ db: db(), tenantId: tenant, viewer: alice }, { name: "Alice's" });
    await subscribeToPlan({ db: db(), tenantId: tenant, viewer: alice }, gated.id, personal.id);
    const org = await createOrganization(
      { db: db(), tenantId: tenant, viewer: alice },
      { name: `Use Case Org ${Date.now()}` },
    );
    orgName = org.name;
    await addOrganizationMember({ db: db(), tenantId: tenant, viewer: alice }, org.id, {
      username: colleague.username,
    });
    orgAppId = (
      await createApp(
        { db: db(), tenantId: tenant, viewer: alice },
        { name: "Org app", context: { organizationId: org.id } },
      )
    ).id;
    await subscribeToPlan({ db: db(), tenantId: tenant, viewer: alice }, free.id, orgAppId);
  });

  it("lists the API's subscriptions with app, owner and plan for its provider only", async () => {
    const subs = await providerPlanSubscriptions(as(provider), apiId);
    expect(subs?.map((s) => [s.appName, s.username, s.planName, s.status]).sort()).toEqual(
      [
        ["Alice's", alice.username, "Gated", "pending_approval"],
        ["Org app", alice.username, "Free", "subscribed"],
      ].sort(),
    );
    expect(await providerPlanSubscriptions(as(colleague), apiId)).toBeNull();
    expect(await providerPlanSubscriptions(as(null), apiId)).toBeNull();
    expect(await appErrorCodeOf(() => providerPlanSubscriptions(as(provider), "no-such-api"))).toBe("NOT_FOUND");
  });

  it("counts the requests waiting for approval for the provider only", async () => {
    expect(await pendingApprovalCount(as(provider), apiId)).toBe(1);
    expect(await pendingApprovalCount(as(alice), apiId)).toBeNull();
    expect(await pendingApprovalCount(as(null), apiId)).toBeNull();
  });

  it("opens the plan manager (private plans included) to the provider; anyone else finds no API", async () => {
    const data = await planManagerData(as(provider), apiId);
    expect(data.plans.map((p) => p.name)).toEqual(["Free", "Gated", "Partner"]);
    expect(data.subscriptions).toHaveLength(2);
    expect(data.gatewayMode).toBe("proxy");
    expect(await appErrorCodeOf(() => planManagerData(as(colleague), apiId))).toBe("NOT_FOUND");
    expect(await appErrorCodeOf(() => planManagerData(as(null), apiId))).toBe("UNAUTHENTICATED");
    expect(await appErrorCodeOf(() => getApiGatewayMode(as(colleague), apiId))).toBe("NOT_FOUND");
    expect(await appErrorCodeOf(() => getApiGatewayMode(as(null), apiId))).toBe("UNAUTHENTICATED");
  });

  it("offers the viewer's contexts and apps with each app's subscription on the Pricing tab", async () => {
    const page = await pricingPageData(as(alice), apiId);
    expect(page.canEdit).toBe(false);
    expect(page.plans.map((p) => p.name)).toEqual(["Free", "Gated"]);
    expect(page.contexts.map((c) => [c.type, c.name])).toEqual([
      ["User", alice.username],
      ["Organization", orgName],
    ]);
    expect(page.apps.map((a) => [a.name, a.contextName, a.subscription?.status ?? null])).toEqual([
      ["Alice's", null, "pending_approval"],
      ["Org app", orgName, "subscribed"],
    ]);
    // A fellow member of the organization sees the organization's app (and its subscription), not Alice's personal one.
    const forStranger = await pricingPageData(as(colleague), apiId);
    expect(forStranger.apps.map((a) => a.id)).toEqual([orgAppId]);
    const signedOut = await pricingPageData(as(null), apiId);
    expect(signedOut).toMatchObject({ canEdit: false, contexts: [], apps: [] });
    expect((await pricingPageData(as(provider), apiId)).plans.map((p) => p.name)).toContain("Partner");
  });
});

import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestViewer } from "../../../tests/factories/viewers";
import { inviteToApi } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import type { UseCaseContext } from "../use-case-context";
import { toUseCaseContext } from "../use-case-context";
import { createPlan } from "./plans.service";
import { getPlanForViewer, listPlansForViewer, plansForViewer } from "./viewer-plans.service";

describeEachDialect("plans as the viewer may see them (spec section 3 Pricing tab)", ({ db }) => {
  let tenant = "";
  let owner: Viewer;
  let invited: Viewer;
  let stranger: Viewer;
  let publicApi = "";
  let privateApi = "";
  let publicPlan = "";
  let privatePlan = "";
  let secretApiPlan = "";

  const as = (v: Viewer | null): UseCaseContext => ({ db: db(), tenantId: tenant, viewer: v });

  beforeAll(async () => {
    tenant = (await createTestTenant(db())).id;
    owner = await createTestViewer(db(), tenant);
    invited = await createTestViewer(db(), tenant);
    stranger = await createTestViewer(db(), tenant);
    publicApi = (await createTestApi(db(), tenant, { owner_id: owner.id })).id;
    privateApi = (await createTestApi(db(), tenant, { owner_id: owner.id, visibility: "PRIVATE" })).id;
    publicPlan = (await createPlan({ db: db(), tenantId: tenant, viewer: owner }, publicApi, { name: "Free" })).id;
    privatePlan = (
      await createPlan({ db: db(), tenantId: tenant, viewer: owner }, publicApi, { name: "Partner", private: true })
    ).id;
    secretApiPlan = (
      await createPlan({ db: db(), tenantId: tenant, viewer: owner }, privateApi, { name: "Secret free" })
    ).id;
    await inviteToApi(
      { db: db(), tenantId: tenant, viewer: owner },
      { apiId: privateApi, principalType: "USER", username: invited.username },
    );
  });

  it("shows a private plan to the API's provider only", async () => {
    const names = async (v: Viewer | null) => (await listPlansForViewer(as(v), publicApi)).map((p) => p.name);
    expect(await names(owner)).toEqual(["Free", "Partner"]);
    expect(await names(stranger)).toEqual(["Free"]);
    expect(await names(null)).toEqual(["Free"]);
    expect(await plansForViewer(as(owner), publicApi)).toMatchObject({ canEdit: true });
    expect(await plansForViewer(as(stranger), publicApi)).toMatchObject({ canEdit: false });
  });

  it("hides a private API's plans from whoever was not invited", async () => {
    expect((await listPlansForViewer(as(invited), privateApi)).map((p) => p.name)).toEqual(["Secret free"]);
    expect(await listPlansForViewer(as(stranger), privateApi)).toEqual([]);
    expect(await listPlansForViewer(as(null), privateApi)).toEqual([]);
    expect(await listPlansForViewer(as(owner), "no-such-api")).toEqual([]);
  });

  it("answers one plan under the same rules", async () => {
    expect((await getPlanForViewer(as(owner), privatePlan))?.name).toBe("Partner");
    expect(await getPlanForViewer(as(stranger), privatePlan)).toBeNull();
    expect((await getPlanForViewer(as(stranger), publicPlan))?.name).toBe("Free");
    expect((await getPlanForViewer(as(invited), secretApiPlan))?.name).toBe("Secret free");
    expect(await getPlanForViewer(as(stranger), secretApiPlan)).toBeNull();
    expect(await getPlanForViewer(as(owner), "no-such-plan")).toBeNull();
  });

  it("treats a session of another tenant as signed out", async () => {
    const other = (await createTestTenant(db())).id;
    const ctx = toUseCaseContext({ db: db(), tenant: { id: other }, viewer: owner });
    expect(ctx.viewer).toBeNull();
    const own = toUseCaseContext({ db: db(), tenant: { id: tenant }, viewer: owner });
    expect((await listPlansForViewer(own, publicApi)).map((p) => p.name)).toContain("Partner");
  });
});

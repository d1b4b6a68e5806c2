import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { isAppError } from "../errors/app-error";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { assertCanManageApi } from "./plans.policy";
import { createPlan, updatePlan } from "./plans.service";

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "ALLOWED";
}

describeEachDialect("managing an API's plans: owner or context tree (spec section 6)", ({ db }) => {
  let tenant = "";
  let owner: Viewer;
  let member: Viewer;
  let stranger: Viewer;
  let personalApi = "";
  let orgApi = "";

  const viewer = async (id: string) => {
    const v = await getViewer(db(), tenant, id);
    if (!v) throw new Error("no viewer");
    return v;
  };

  beforeAll(async () => {
    tenant = (await createTestTenant(db())).id;
    owner = await viewer((await createTestUser(db(), tenant)).id);
    member = await viewer((await createTestUser(db(), tenant)).id);
    stranger = await viewer((await createTestUser(db(), tenant)).id);
    personalApi = (await createTestApi(db(), tenant, { owner_id: owner.id })).id;
    // An organization's API is owned by the organization's id, which its members find in their context tree.
    const org = await createOrganization(
      { db: db(), tenantId: tenant, viewer: owner },
      { name: `Plans Org ${Date.now()}` },
    );
    await addOrganizationMember({ db: db(), tenantId: tenant, viewer: owner }, org.id, { username: member.username });
    await createTestUser(db(), tenant, { id: org.id, username: org.slugifiedName, name: org.name });
    orgApi = (await createTestApi(db(), tenant, { owner_id: org.id })).id;
  });

  it("lets the owner manage, and refuses everyone else on a personal API", async () => {
    expect(await refusal(() => assertCanManageApi(db(), tenant, owner.id, personalApi))).toBe("ALLOWED");
    expect(await refusal(() => assertCanManageApi(db(), tenant, member.id, personalApi))).toBe("FORBIDDEN");
    expect(await refusal(() => assertCanManageApi(db(), tenant, stranger.id, personalApi))).toBe("FORBIDDEN");
  });

  it("lets members of the owning organization manage (found in their context tree), not outsiders", async () => {
    expect(await refusal(() => assertCanManageApi(db(), tenant, member.id, orgApi))).toBe("ALLOWED");
    expect(await refusal(() => assertCanManageApi(db(), tenant, owner.id, orgApi))).toBe("ALLOWED");
    expect(await refusal(() => assertCanManageApi(db(), tenant, stranger.id, orgApi))).toBe("FORBIDDEN");
    const plan = await createPlan({ db: db(), tenantId: tenant, viewer: member }, orgApi, { name: "Team plan" });
    expect((await updatePlan({ db: db(), tenantId: tenant, viewer: member }, plan.id, { name: "Renamed" })).name).toBe(
      "Renamed",
    );
    expect(
      await refusal(() => createPlan({ db: db(), tenantId: tenant, viewer: stranger }, orgApi, { name: "Nope" })),
    ).toBe("FORBIDDEN");
  });

  it("answers NOT_FOUND for a missing API and for another tenant's API", async () => {
    expect(await refusal(() => assertCanManageApi(db(), tenant, owner.id, "api_missing"))).toBe("NOT_FOUND");
    const other = (await createTestTenant(db())).id;
    expect(await refusal(() => assertCanManageApi(db(), other, owner.id, personalApi))).toBe("NOT_FOUND");
  });
});

import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { userContext } from "../../../tests/factories/viewers";
import { selectUserByUsername } from "../accounts/accounts.queries";
import { signUp } from "../accounts/sign-up.service";
import type { TenantInfo } from "../tenants/tenants.types";
import { listAppKeys, listApps } from "./apps.service";
import { DEFAULT_APP_NAME, DEFAULT_KEY_NAME } from "./default-app";

const PASSWORD = "violet-harbor-42";
const options = { publicUrl: "https://hub.test" };

describeEachDialect("default app at sign-up", ({ db }) => {
  let tenant: TenantInfo;

  beforeAll(async () => {
    tenant = await createTestTenant(db());
  });

  async function userId(username: string): Promise<string> {
    const row = await selectUserByUsername(db(), tenant.id, username);
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  }

  it("creates the account with one personal app holding one active key", async () => {
    await signUp(db(), tenant, { email: "first@example.com", username: "first", password: PASSWORD }, options);
    const id = await userId("first");
    const apps = await listApps(await userContext(db(), tenant.id, id));
    expect(apps.map((a) => a.name)).toEqual([DEFAULT_APP_NAME]);
    expect(apps[0]).toMatchObject({ organizationId: null, teamId: null, ownerUserId: id });
    const keys = await listAppKeys(await userContext(db(), tenant.id, id), apps[0]?.id ?? "");
    expect(keys.map((k) => [k.name, k.status])).toEqual([[DEFAULT_KEY_NAME, "ACTIVE"]]);
  });

  it("adds no second app when the same address signs up again", async () => {
    await signUp(db(), tenant, { email: "twice@example.com", username: "twice", password: PASSWORD }, options);
    await signUp(db(), tenant, { email: "twice@example.com", username: "twice-b", password: PASSWORD }, options);
    expect(await listApps(await userContext(db(), tenant.id, await userId("twice")))).toHaveLength(1);
    expect(await selectUserByUsername(db(), tenant.id, "twice-b")).toBeUndefined();
  });
});

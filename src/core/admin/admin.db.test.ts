import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { recordEvent } from "../events/events.service";
import { SEARCH_EVENT } from "../events/events.types";
import type { TenantInfo } from "../tenants/tenants.types";
import { getAdminOverview } from "./admin.service";

const NOW = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;

describeEachDialect("admin overview", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let admin: Viewer;
  let user: Viewer;
  let otherAdmin: Viewer;

  async function viewer(tenantId: string, username: string, isAdmin: boolean): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  function search(tenantId: string, term: string, total: number, at: number) {
    return recordEvent(db(), tenantId, { type: SEARCH_EVENT, payload: { term, total, queryID: null } }, at);
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    admin = await viewer(t1.id, "tenant-admin", true);
    user = await viewer(t1.id, "jolene", false);
    otherAdmin = await viewer(t2.id, "boss", true);
    await createTestApi(db(), t1.id, { name: "Weather", slug: "weather" });
    await search(t1.id, "weather", 3, NOW - DAY);
    await search(t1.id, "weather", 3, NOW - 2 * DAY);
    await search(t1.id, "wether", 0, NOW - DAY);
    // Outside the 30-day window, and another tenant's searches: neither counts.
    await search(t1.id, "ancient", 1, NOW - 40 * DAY);
    await search(t2.id, "secret", 0, NOW - DAY);
  });

  it("shows the catalog counts and the last 30 days of search to the tenant's admin", async () => {
    const overview = await getAdminOverview(db(), t1.id, admin, NOW);
    expect(overview.catalog.apiCount).toBe(1);
    expect(overview.windowDays).toBe(30);
    expect(overview.topTerms).toEqual([
      { term: "weather", count: 2 },
      { term: "wether", count: 1 },
    ]);
    expect(overview.zeroResultTerms).toEqual([{ term: "wether", count: 1 }]);
  });

  it("refuses everybody else", async () => {
    await expect(getAdminOverview(db(), t1.id, user, NOW)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getAdminOverview(db(), t1.id, otherAdmin, NOW)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getAdminOverview(db(), t1.id, null, NOW)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

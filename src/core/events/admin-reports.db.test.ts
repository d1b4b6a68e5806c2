import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import type { TenantInfo } from "../tenants/tenants.types";
import { searchAnalyticsReport } from "./admin-reports.service";
import { recordEvent } from "./events.service";

describeEachDialect("admin search reports", ({ db }) => {
  const NOW = 100 * 24 * 60 * 60 * 1000;
  const DAY = 24 * 60 * 60 * 1000;
  let t1: TenantInfo;
  let t2: TenantInfo;
  let admin: Viewer;
  let plain: Viewer;
  let otherAdmin: Viewer;

  async function viewer(tenantId: string, username: string, isAdmin: boolean): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, admin: isAdmin });
    return (await getViewer(db(), tenantId, row.id)) as Viewer;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    admin = await viewer(t1.id, "reports-admin", true);
    plain = await viewer(t1.id, "reports-user", false);
    otherAdmin = await viewer(t2.id, "reports-other", true);
    const search = (term: string, total: number) => ({
      type: "Search" as const,
      payload: { term, total, queryID: "q" },
    });
    await recordEvent(db(), t1.id, search("weather", 4), NOW - DAY);
    await recordEvent(db(), t1.id, search("weather", 4), NOW - 2 * DAY);
    await recordEvent(db(), t1.id, search("nothing", 0), NOW - 3 * DAY);
    await recordEvent(db(), t1.id, search("old", 0), NOW - 40 * DAY);
    await recordEvent(
      db(),
      t1.id,
      { type: "SearchClick", payload: { product_id: "a", search_index: "apis", position: 2, query_id: "q" } },
      NOW - DAY,
    );
    await recordEvent(db(), t2.id, search("elsewhere", 0), NOW - DAY);
  });

  it("gives the admin the tenant's reports over the chosen period", async () => {
    const week = await searchAnalyticsReport({ db: db(), tenantId: t1.id, viewer: admin }, { days: 7 }, NOW);
    expect(week.topTerms).toEqual([
      { term: "weather", count: 2 },
      { term: "nothing", count: 1 },
    ]);
    expect(week.zeroResultTerms).toEqual([{ term: "nothing", count: 1 }]);
    expect(week.clicksByPosition).toEqual([{ position: 2, clicks: 1, clickThroughRate: 1 / 3 }]);
    const quarter = await searchAnalyticsReport({ db: db(), tenantId: t1.id, viewer: admin }, { days: 90 }, NOW);
    expect(quarter.zeroResultTerms.map((t) => t.term)).toEqual(["nothing", "old"]);
    expect(quarter.days).toBe(90);
  });

  it("refuses anyone but the tenant's admins and periods it does not offer", async () => {
    await expect(searchAnalyticsReport({ db: db(), tenantId: t1.id, viewer: plain }, {}, NOW)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(searchAnalyticsReport({ db: db(), tenantId: t1.id, viewer: null }, {}, NOW)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(
      searchAnalyticsReport({ db: db(), tenantId: t1.id, viewer: otherAdmin }, {}, NOW),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(
      searchAnalyticsReport({ db: db(), tenantId: t1.id, viewer: admin }, { days: 5 }, NOW),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: { fields: { days: "Choose a period of 1, 7, 30, 90 days" } },
    });
    const other = await searchAnalyticsReport({ db: db(), tenantId: t2.id, viewer: otherAdmin }, {}, NOW);
    expect(other.topTerms).toEqual([{ term: "elsewhere", count: 1 }]);
  });
});

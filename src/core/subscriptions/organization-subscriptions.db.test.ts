import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { userContext } from "../../../tests/factories/viewers";
import { SandboxPaymentProcessor } from "../../infra/payments/sandbox-processor";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { createApp } from "../apps/apps.service";
import { getProviderEarnings } from "../billing/earnings.service";
import { listInvoices } from "../billing/invoices.service";
import { createOrganization } from "../orgs/orgs.service";
import { createTeam } from "../orgs/teams.service";
import { createPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { subscribeWithPayment } from "./subscribe.service";
import { changeSubscriptionPlan } from "./subscription-billing.service";
import { subscriptionQuote } from "./subscription-quote.service";
import { subscribeToPlan } from "./subscriptions.service";

const GOOD = { holderName: "Org Admin", number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const T0 = Date.UTC(2030, 0, 1);
const DAYS_30 = 30 * 24 * 60 * 60 * 1000;

describeEachDialect("organization subscriptions and invoice billing", ({ db }) => {
  let clock = T0;
  const now = () => clock;
  let tenantId: string;
  let admin: Viewer;
  let basic: Plan;
  let pro: Plan;
  let orgId: string;
  let teamA: string;
  let teamB: string;
  let processor: SandboxPaymentProcessor;

  const captures = async () =>
    (await db().kysely.selectFrom("sandbox_authorizations").selectAll().where("tenant_id", "=", tenantId).execute())
      .filter((a) => a.status === "captured")
      .map((a) => Number(a.amount_minor));

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const row = await createUser(db(), tenantId, { username: "orgadmin", email: "orgadmin@org.test" });
    const viewer = await getViewer(db(), tenantId, row.id);
    if (!viewer) throw new Error("viewer");
    admin = viewer;
    const provider = await createUser(db(), tenantId, { username: "prov", email: "prov@org.test" });
    const api = await createTestApi(db(), tenantId, { owner_id: provider.id });
    basic = await createPlan(await userContext(db(), tenantId, provider.id), api.id, {
      name: "Basic",
      monthlyPriceCents: 3000,
    });
    pro = await createPlan(await userContext(db(), tenantId, provider.id), api.id, {
      name: "Pro",
      monthlyPriceCents: 6000,
    });
    orgId = (await createOrganization({ db: db(), tenantId, viewer: admin }, { name: "Acme Org" })).id;
    teamA = (await createTeam({ db: db(), tenantId, viewer: admin }, orgId, "Team A")).id;
    teamB = (await createTeam({ db: db(), tenantId, viewer: admin }, orgId, "Team B")).id;
    processor = new SandboxPaymentProcessor(db(), { now });
  });

  it("adds a second team at no cost, then a plan change moves every team with one prorated charge", async () => {
    const appA = await createApp(
      { db: db(), tenantId, viewer: admin },
      {
        name: "A",
        context: { organizationId: orgId, teamId: teamA },
      },
    );
    const appB = await createApp(
      { db: db(), tenantId, viewer: admin },
      {
        name: "B",
        context: { organizationId: orgId, teamId: teamB },
      },
    );
    const deps = { processor, now };
    const orgSub = await subscribeWithPayment(
      { db: db(), tenantId, viewer: admin },
      { planId: basic.id, appId: appA.id, card: GOOD, idempotencyKey: "org-1" },
      deps,
    );
    expect(await captures()).toEqual([3000]);

    const quote = await subscriptionQuote({ db: db(), tenantId, viewer: admin }, basic.id, appB.id, now);
    expect(quote).toMatchObject({ existingOrganizationSubscription: true, teamAddedFree: true, totalDueTodayMinor: 0 });
    const teamSub = await subscribeToPlan({ db: db(), tenantId, viewer: admin }, basic.id, appB.id);
    expect(teamSub).toMatchObject({ status: "subscribed", coveredBySubscriptionId: orgSub.id, planId: basic.id });
    expect(await captures()).toEqual([3000]);

    // Ten days into the 31-day January period: credit 30.00 − ⌊30.00×10/31⌋ = 20.33, charge 60.00 − ⌊60.00×10/31⌋ = 40.65.
    clock = T0 + 10 * 24 * 60 * 60 * 1000;
    const proQuote = await subscriptionQuote({ db: db(), tenantId, viewer: admin }, pro.id, appB.id, now);
    expect(proQuote.totalDueTodayMinor).toBe(2032);
    await changeSubscriptionPlan(
      { db: db(), tenantId, viewer: admin },
      { subscriptionId: teamSub.id, planId: pro.id, card: null, idempotencyKey: "org-2" },
      deps,
    );
    expect((await captures()).sort()).toEqual([2032, 3000]);
    const rows = await db()
      .kysely.selectFrom("subscriptions")
      .select(["id", "plan_id", "status"])
      .where("tenant_id", "=", tenantId)
      .execute();
    expect(rows.every((r) => r.plan_id === pro.id && r.status === "subscribed")).toBe(true);
    const invoices = await listInvoices(db(), tenantId, { subscriptionId: orgSub.id });
    const proration = invoices.find((i) => i.lines.some((l) => l.kind === "proration"));
    expect(proration).toMatchObject({ status: "paid", totalMinor: 2032 });
  });

  it("provider earnings: gross of paid invoices per API and per plan, proration credits included", async () => {
    const provider = await db()
      .kysely.selectFrom("users")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("username", "=", "prov")
      .executeTakeFirstOrThrow();
    const earnings = await getProviderEarnings(await userContext(db(), tenantId, provider.id));
    // 30.00 Basic, then the change: −20.33 unused Basic, +40.65 remaining Pro.
    expect(earnings.totals).toEqual([{ currency: "USD", grossMinor: 5032 }]);
    expect(earnings.byPlan.map((p) => [p.planName, p.grossMinor])).toEqual([
      ["Pro", 4065],
      ["Basic", 967],
    ]);
    expect(earnings.byApi).toHaveLength(1);
    expect(await getProviderEarnings({ db: db(), tenantId, viewer: admin })).toMatchObject({ totals: [], byApi: [] });
  });

  it("invoice billing: a paid plan without a card issues an open invoice with a due date", async () => {
    const invoiced = (await createTestTenant(db(), { config: { switches: { invoiceBilling: true } } })).id;
    const user = await createUser(db(), invoiced, { username: "billed", email: "billed@org.test" });
    const provider = await createUser(db(), invoiced, { username: "prov2", email: "prov2@org.test" });
    const api = await createTestApi(db(), invoiced, { owner_id: provider.id });
    const plan = await createPlan(await userContext(db(), invoiced, provider.id), api.id, {
      name: "Invoiced",
      monthlyPriceCents: 9900,
    });
    const app = await createApp(await userContext(db(), invoiced, user.id), { name: "Invoiced app" });
    const sub = await subscribeWithPayment(
      await userContext(db(), invoiced, user.id),
      { planId: plan.id, appId: app.id },
      { now },
    );
    expect(sub).toMatchObject({ status: "subscribed", collectionMethod: "send_invoice" });
    const [invoice] = await listInvoices(db(), invoiced, { subscriptionId: sub.id });
    expect(invoice).toMatchObject({ status: "open", totalMinor: 9900, collectionMethod: "send_invoice" });
    expect(invoice?.dueAt).toBe(clock + DAYS_30);
  });
});

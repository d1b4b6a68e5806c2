import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import { createPlan } from "../plans/plans.service";
import { decideSubscription, subscribeToPlan, unsubscribe } from "../subscriptions/subscriptions.service";
import { hashApiKey } from "./api-key";
import {
  createApp,
  createAppKey,
  deleteApp,
  getApp,
  listAppKeys,
  listApps,
  renameApp,
  revokeAppKey,
  rotateAppKey,
} from "./apps.service";

describeEachDialect("apps, keys and subscriptions", ({ db }) => {
  let tenantA = "";
  let tenantB = "";
  let alice = "";
  let bob = "";
  let provider = "";
  let apiId = "";

  beforeAll(async () => {
    tenantA = (await createTestTenant(db())).id;
    tenantB = (await createTestTenant(db())).id;
    alice = (await createTestUser(db(), tenantA)).id;
    bob = (await createTestUser(db(), tenantA)).id;
    provider = (await createTestUser(db(), tenantA)).id;
    apiId = (await createTestApi(db(), tenantA, { owner_id: provider })).id;
  });

  it("stores keys only as hashes and shows the full key once", async () => {
    const app = await createApp(await userContext(db(), tenantA, alice), { name: "  Billing sync  " });
    expect(app.name).toBe("Billing sync");
    const issued = await createAppKey(await userContext(db(), tenantA, alice), app.id, "prod");
    const row = await db()
      .kysely.selectFrom("app_keys")
      .selectAll()
      .where("id", "=", issued.key.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(issued.secret));
    expect(JSON.stringify(row)).not.toContain(issued.secret);
    const listed = await listAppKeys(await userContext(db(), tenantA, alice), app.id);
    expect(JSON.stringify(listed)).not.toContain(issued.secret);
    expect(listed[0]).toMatchObject({ name: "prod", status: "ACTIVE", prefix: issued.secret.slice(0, 9) });
  });

  it("keeps apps private to their owner and their tenant", async () => {
    const app = await createApp(await userContext(db(), tenantA, alice), { name: "Private" });
    await expect(getApp(await userContext(db(), tenantA, bob), app.id)).rejects.toThrow("App not found");
    // Alice's session on another tenant is no one there (a request of hers to tenant B is signed out).
    const aliceOnB = { ...(await userContext(db(), tenantA, alice)), tenantId: tenantB };
    await expect(getApp(aliceOnB, app.id)).rejects.toThrow("Sign in to continue");
    await expect(createAppKey(await userContext(db(), tenantA, bob), app.id)).rejects.toThrow("App not found");
    expect((await listApps(await userContext(db(), tenantA, bob))).map((a) => a.id)).not.toContain(app.id);
    await expect(listApps(aliceOnB)).rejects.toThrow("Sign in to continue");
  });

  it("validates names and rotation overlaps, and refuses to rotate a revoked key", async () => {
    await expect(createApp(await userContext(db(), tenantA, alice), { name: "   " })).rejects.toThrow(
      "The app needs a name",
    );
    await expect(createApp(await userContext(db(), tenantA, alice), { name: "x".repeat(61) })).rejects.toThrow(
      /at most 60/,
    );
    const app = await createApp(await userContext(db(), tenantA, alice), { name: "Rotation" });
    const issued = await createAppKey(await userContext(db(), tenantA, alice), app.id);
    await expect(rotateAppKey(await userContext(db(), tenantA, alice), issued.key.id, -1)).rejects.toThrow(/overlap/);
    const rotated = await rotateAppKey(await userContext(db(), tenantA, alice), issued.key.id, 60);
    const keys = await listAppKeys(await userContext(db(), tenantA, alice), app.id);
    expect(keys.find((k) => k.id === issued.key.id)?.status).toBe("EXPIRING");
    expect(keys.find((k) => k.id === rotated.key.id)?.status).toBe("ACTIVE");
    await revokeAppKey(await userContext(db(), tenantA, alice), rotated.key.id);
    await expect(rotateAppKey(await userContext(db(), tenantA, alice), rotated.key.id)).rejects.toThrow(/active key/);
    await expect(revokeAppKey(await userContext(db(), tenantA, bob), issued.key.id)).rejects.toThrow("App not found");
  });

  it("moves subscriptions through their states and refuses paid and deprecated plans", async () => {
    const app = await createApp(await userContext(db(), tenantA, alice), { name: "Subscriber" });
    const free = await createPlan(await userContext(db(), tenantA, provider), apiId, { name: "Free" });
    const gated = await createPlan(await userContext(db(), tenantA, provider), apiId, {
      name: "Gated",
      approvalRequired: true,
    });
    const paid = await createPlan(await userContext(db(), tenantA, provider), apiId, {
      name: "Paid",
      monthlyPriceCents: 900,
    });
    const old = await createPlan(await userContext(db(), tenantA, provider), apiId, { name: "Old", deprecated: true });
    // Without a card (and without the tenant's invoice billing) a paid plan is refused.
    await expect(subscribeToPlan(await userContext(db(), tenantA, alice), paid.id, app.id)).rejects.toThrow(
      /Paid plans need a payment/,
    );
    await expect(subscribeToPlan(await userContext(db(), tenantA, alice), old.id, app.id)).rejects.toThrow(
      /deprecated/,
    );
    const aliceOnB = { ...(await userContext(db(), tenantA, alice)), tenantId: tenantB };
    await expect(subscribeToPlan(aliceOnB, free.id, app.id)).rejects.toThrow("Sign in to continue");

    const sub = await subscribeToPlan(await userContext(db(), tenantA, alice), gated.id, app.id);
    expect(sub.status).toBe("pending_approval");
    await expect(decideSubscription(await userContext(db(), tenantA, alice), sub.id, "approve")).rejects.toThrow(
      /provider/,
    );
    expect((await decideSubscription(await userContext(db(), tenantA, provider), sub.id, "reject")).status).toBe(
      "access_rejected",
    );
    await expect(subscribeToPlan(await userContext(db(), tenantA, alice), free.id, app.id)).rejects.toThrow(/rejected/);
    expect((await decideSubscription(await userContext(db(), tenantA, provider), sub.id, "approve")).status).toBe(
      "subscribed",
    );
    expect((await decideSubscription(await userContext(db(), tenantA, provider), sub.id, "suspend")).status).toBe(
      "suspended",
    );
    await expect(unsubscribe(await userContext(db(), tenantA, alice), sub.id)).rejects.toThrow(/past-due/);
    expect((await decideSubscription(await userContext(db(), tenantA, provider), sub.id, "reactivate")).status).toBe(
      "subscribed",
    );
    const moved = await subscribeToPlan(await userContext(db(), tenantA, alice), free.id, app.id);
    expect(moved).toMatchObject({ id: sub.id, planId: free.id, status: "subscribed" });
    expect((await unsubscribe(await userContext(db(), tenantA, alice), sub.id)).status).toBe("unsubscribed");
    await expect(decideSubscription(await userContext(db(), tenantA, provider), sub.id, "suspend")).rejects.toThrow(
      /cannot be changed/,
    );
  });

  it("renames an app, and deletes it only once no live subscription binds it", async () => {
    const app = await createApp(await userContext(db(), tenantA, alice), { name: "Short-lived" });
    const renamed = await renameApp(await userContext(db(), tenantA, alice), app.id, {
      name: " Renamed ",
      description: "Nightly sync",
    });
    expect(renamed).toMatchObject({ name: "Renamed", description: "Nightly sync" });
    await expect(renameApp(await userContext(db(), tenantA, alice), app.id, { name: " " })).rejects.toThrow();
    await expect(renameApp(await userContext(db(), tenantA, bob), app.id, { name: "Mine now" })).rejects.toThrow(
      "App not found",
    );

    const issued = await createAppKey(await userContext(db(), tenantA, alice), app.id);
    const free = await createPlan(await userContext(db(), tenantA, provider), apiId, { name: "Free for delete" });
    const sub = await subscribeToPlan(await userContext(db(), tenantA, alice), free.id, app.id);
    await expect(deleteApp(await userContext(db(), tenantA, bob), app.id)).rejects.toThrow("App not found");
    await expect(deleteApp(await userContext(db(), tenantA, alice), app.id)).rejects.toThrow(/Unsubscribe this app/);
    await unsubscribe(await userContext(db(), tenantA, alice), sub.id);
    await deleteApp(await userContext(db(), tenantA, alice), app.id);
    await expect(getApp(await userContext(db(), tenantA, alice), app.id)).rejects.toThrow("App not found");
    const keyRows = await db()
      .kysely.selectFrom("app_keys")
      .select("id")
      .where("key_hash", "=", hashApiKey(issued.secret))
      .execute();
    expect(keyRows).toHaveLength(0);
  });

  it("validates plans: coherent overage, known endpoints, provider only", async () => {
    await expect(createPlan(await userContext(db(), tenantA, alice), apiId, { name: "Mine" })).rejects.toThrow(
      /Only the API's provider/,
    );
    await expect(
      createPlan(await userContext(db(), tenantA, provider), apiId, {
        name: "Bad",
        hardLimit: false,
        overagePriceMicros: 5,
      }),
    ).rejects.toThrow(/Overage needs a quota/);
    await expect(createPlan(await userContext(db(), tenantA, provider), apiId, { name: "" })).rejects.toThrow(
      "The plan needs a name",
    );
    await expect(
      createPlan(await userContext(db(), tenantA, provider), apiId, {
        name: "Rate",
        rateLimit: { count: 0, unit: "minute" },
      }),
    ).rejects.toThrow();
  });
});

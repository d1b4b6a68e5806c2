import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import type { TenantInfo } from "../tenants/tenants.types";
import {
  countUnseenNotifications,
  createNotification,
  listNotifications,
  markNotificationsRead,
  markNotificationsSeen,
} from "./notifications.service";

describeEachDialect("notifications", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let ann: Viewer;
  let bob: Viewer;
  let stranger: Viewer;

  async function viewer(tenantId: string, username: string): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test` });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    ann = await viewer(t1.id, "ann");
    bob = await viewer(t1.id, "bob");
    stranger = await viewer(t2.id, "sam");
  });

  it("sends, lists newest first with sanitized bodies, and counts unseen and unread", async () => {
    await createNotification(db(), t1.id, ann.id, { title: "Welcome", body: "<b>Hi</b>" }, 1_000);
    await createNotification(
      db(),
      t1.id,
      ann.id,
      {
        title: "Payment failed",
        type: "error",
        body: '<p onclick="x()">Card declined <script>alert(1)</script><a href="javascript:alert(1)">fix</a></p>',
        callToAction: { label: "Update card", url: "/developer/billing" },
      },
      2_000,
    );
    const tray = await listNotifications(db(), t1.id, ann);
    expect(tray.items.map((n) => n.title)).toEqual(["Payment failed", "Welcome"]);
    expect(tray.unseen).toBe(2);
    expect(tray.unread).toBe(2);
    const failed = tray.items[0];
    expect(failed?.type).toBe("error");
    expect(failed?.callToAction).toEqual({ label: "Update card", url: "/developer/billing" });
    expect(failed?.bodyHtml).not.toMatch(/script|onclick|javascript/);
    expect(failed?.bodyHtml).toContain("Card declined");
    expect(tray.items[1]?.bodyHtml).toBe("<b>Hi</b>");
  });

  it("opening the tray clears the badge; reading one or all clears unread", async () => {
    expect(await countUnseenNotifications(db(), t1.id, ann)).toBe(2);
    await markNotificationsSeen(db(), t1.id, ann);
    expect(await countUnseenNotifications(db(), t1.id, ann)).toBe(0);
    const [first] = (await listNotifications(db(), t1.id, ann)).items;
    await markNotificationsRead(db(), t1.id, ann, first?.id ?? "");
    expect((await listNotifications(db(), t1.id, ann)).unread).toBe(1);
    await markNotificationsRead(db(), t1.id, ann, null);
    expect((await listNotifications(db(), t1.id, ann)).unread).toBe(0);
  });

  it("keeps users and tenants apart", async () => {
    expect((await listNotifications(db(), t1.id, bob)).items).toEqual([]);
    const [first] = (await listNotifications(db(), t1.id, ann)).items;
    await expect(markNotificationsRead(db(), t1.id, bob, first?.id ?? "")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listNotifications(db(), t1.id, stranger)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await countUnseenNotifications(db(), t1.id, stranger)).toBe(0);
    await expect(createNotification(db(), t1.id, stranger.id, { title: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses bad input with field errors and stores nothing", async () => {
    await expect(createNotification(db(), t1.id, bob.id, { title: " " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      createNotification(db(), t1.id, bob.id, {
        title: "x",
        callToAction: { label: "Go", url: "javascript:alert(1)" },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(createNotification(db(), t1.id, bob.id, { title: "x", type: "spam" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await listNotifications(db(), t1.id, bob)).items).toEqual([]);
  });

  it("signed-out callers get UNAUTHENTICATED", async () => {
    await expect(listNotifications(db(), t1.id, null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(markNotificationsSeen(db(), t1.id, null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

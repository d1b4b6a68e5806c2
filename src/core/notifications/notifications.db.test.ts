import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import type { TenantInfo } from "../tenants/tenants.types";
import {
  countUnreadNotifications,
  createNotification,
  listNotifications,
  setNotificationRead,
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

  it("sends, lists newest first with sanitized bodies, and counts unread", async () => {
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
    const tray = await listNotifications({ db: db(), tenantId: t1.id, viewer: ann });
    expect(tray.items.map((n) => n.title)).toEqual(["Payment failed", "Welcome"]);
    expect(tray.unread).toBe(2);
    expect(tray.hasMore).toBe(false);
    expect(tray.items.every((n) => n.isNew && !n.isRead)).toBe(true);
    const failed = tray.items[0];
    expect(failed?.type).toBe("error");
    expect(failed?.callToAction).toEqual({ label: "Update card", url: "/developer/billing" });
    expect(failed?.bodyHtml).not.toMatch(/script|onclick|javascript/);
    expect(failed?.bodyHtml).toContain("Card declined");
    expect(tray.items[1]?.bodyHtml).toBe("<b>Hi</b>");
  });

  it("reading one or all clears the unread badge; a read notification is no longer new", async () => {
    expect(await countUnreadNotifications({ db: db(), tenantId: t1.id, viewer: ann })).toBe(2);
    const [first] = (await listNotifications({ db: db(), tenantId: t1.id, viewer: ann })).items;
    await setNotificationRead({ db: db(), tenantId: t1.id, viewer: ann }, first?.id ?? "");
    const after = await listNotifications({ db: db(), tenantId: t1.id, viewer: ann });
    expect(after.unread).toBe(1);
    expect(after.items[0]).toMatchObject({ isRead: true, isNew: false });
    await setNotificationRead({ db: db(), tenantId: t1.id, viewer: ann }, first?.id ?? "", false);
    expect(await countUnreadNotifications({ db: db(), tenantId: t1.id, viewer: ann })).toBe(2);
    await setNotificationRead({ db: db(), tenantId: t1.id, viewer: ann }, null);
    expect(await countUnreadNotifications({ db: db(), tenantId: t1.id, viewer: ann })).toBe(0);
  });

  it("pages by 10 from an offset; 'has more' is off when fewer than a page arrive", async () => {
    for (let i = 0; i < 12; i++) await createNotification(db(), t1.id, bob.id, { title: `N${i}` }, 10_000 + i);
    const first = await listNotifications({ db: db(), tenantId: t1.id, viewer: bob });
    expect(first.items.map((n) => n.title)).toEqual(["N11", "N10", "N9", "N8", "N7", "N6", "N5", "N4", "N3", "N2"]);
    expect(first.hasMore).toBe(true);
    const second = await listNotifications({ db: db(), tenantId: t1.id, viewer: bob }, { offset: first.items.length });
    expect(second.items.map((n) => n.title)).toEqual(["N1", "N0"]);
    expect(second.hasMore).toBe(false);
    await expect(listNotifications({ db: db(), tenantId: t1.id, viewer: bob }, { limit: 500 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await setNotificationRead({ db: db(), tenantId: t1.id, viewer: bob }, null);
  });

  it("keeps users and tenants apart", async () => {
    expect(
      (await listNotifications({ db: db(), tenantId: t1.id, viewer: bob })).items.some((n) => n.title === "Welcome"),
    ).toBe(false);
    const [first] = (await listNotifications({ db: db(), tenantId: t1.id, viewer: ann })).items;
    await expect(
      setNotificationRead({ db: db(), tenantId: t1.id, viewer: bob }, first?.id ?? ""),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listNotifications({ db: db(), tenantId: t1.id, viewer: stranger })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await countUnreadNotifications({ db: db(), tenantId: t1.id, viewer: stranger })).toBe(0);
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
    // Browsers read these as another origin ("/\evil.example" is "//evil.example"); a startsWith("/") check let them in.
    for (const url of ["/\\evil.example", "/%5Cevil.example", "/\t/evil.example", "//evil.example"]) {
      await expect(
        createNotification(db(), t1.id, bob.id, { title: "x", callToAction: { label: "Go", url } }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(createNotification(db(), t1.id, bob.id, { title: "x", image: url })).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    await expect(createNotification(db(), t1.id, bob.id, { title: "x", type: "spam" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await countUnreadNotifications({ db: db(), tenantId: t1.id, viewer: bob })).toBe(0);
  });

  it("signed-out callers get UNAUTHENTICATED", async () => {
    await expect(listNotifications({ db: db(), tenantId: t1.id, viewer: null })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(setNotificationRead({ db: db(), tenantId: t1.id, viewer: null }, null)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });
});

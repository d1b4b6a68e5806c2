import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { appErrorCodeOf } from "../../../tests/factories/viewers";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import type { FileStorage } from "../content/file-storage";
import { BRAND_IMAGE_INVALID, readBrandImage, storeBrandImage } from "./tenant-images.service";
import type { TenantInfo } from "./tenants.types";

/** The storage provider as a map, so the test reads what was stored. */
function mapStorage(): FileStorage & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => files.get(key) ?? null,
    delete: async (key) => void files.delete(key),
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describeEachDialect("brand images (/admin tenant settings)", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let admin: Viewer;
  let plain: Viewer;
  let otherAdmin: Viewer;

  async function viewerOf(tenantId: string, username: string, isAdmin: boolean): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.com`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("no viewer");
    return v;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    admin = await viewerOf(t1.id, "images-admin", true);
    plain = await viewerOf(t1.id, "images-user", false);
    otherAdmin = await viewerOf(t2.id, "images-other-admin", true);
  });

  it("stores a tenant admin's image under the tenant and names it by path", async () => {
    const storage = mapStorage();
    const input = { kind: "logo-light", fileName: "Logo.PNG", bytes: PNG };
    const { path } = await storeBrandImage({ db: db(), tenantId: t1.id, viewer: admin }, input, storage);
    expect(path).toMatch(/^\/tenant-files\/logo-light-[0-9a-f]{16}\.png$/);
    const name = path.split("/").pop() ?? "";
    expect([...storage.files.keys()]).toEqual([`tenants/${t1.id}/${name}`]);
    expect((await readBrandImage(t1.id, name, storage))?.bytes).toEqual(PNG);
  });

  it("refuses signed-out users, non-admins and admins of another tenant, and bytes that are not the image type", async () => {
    const storage = mapStorage();
    const input = { kind: "favicon", fileName: "f.png", bytes: PNG };
    const as = (viewer: Viewer | null) => ({ db: db(), tenantId: t1.id, viewer });
    expect(await appErrorCodeOf(() => storeBrandImage(as(null), input, storage))).toBe("UNAUTHENTICATED");
    expect(await appErrorCodeOf(() => storeBrandImage(as(plain), input, storage))).toBe("FORBIDDEN");
    expect(await appErrorCodeOf(() => storeBrandImage(as(otherAdmin), input, storage))).toBe("UNAUTHENTICATED");
    await expect(
      storeBrandImage(as(admin), { ...input, bytes: new Uint8Array([0x3c, 0x73, 0x76, 0x67]) }, storage),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: BRAND_IMAGE_INVALID });
    expect(storage.files.size).toBe(0);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getTenant } from "../core/tenants/tenants.service";
import { openDatabase } from "../db/connection";
import { runTenantCommand } from "./tenant-command";

// The operator command against a real SQLite file (the command opens and migrates the database itself).
describe("npm run tenant -- create", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-tenant-cli-"));
  const env = { PORTICO_DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, "db.sqlite")}`, LOG_LEVEL: "silent" };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("creates a tenant with the default configuration, its admin and the demo catalog, and refuses a taken id", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const args = ["create", "--id", "globex", "--name", "Globex", "--brand", "Globex APIs", "--catalog", "demo"];
    const admin = ["--admin-username", "globex-admin", "--admin-email", "ops@globex.test"];
    expect(await runTenantCommand([...args, ...admin], env)).toBe(0);
    expect(await runTenantCommand([...args, ...admin], env)).toBe(1);
    expect(err.mock.calls.flat().join(" ")).toContain("Tenant 'globex' already exists");
    expect(log.mock.calls.flat().join(" ")).toMatch(/password \S+ \(change it\)/);
    expect(await runTenantCommand(["create", "--id", "empty-one", "--name", "Empty", ...admin], env)).toBe(0);
    log.mockRestore();
    err.mockRestore();

    const db = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir });
    try {
      const tenant = await getTenant(db, "globex");
      expect(tenant?.config.brandName).toBe("Globex APIs");
      expect(tenant?.config.switches.publicMode).toBe(true);
      const apis = await db.kysely.selectFrom("apis").select("slug").where("tenant_id", "=", "globex").execute();
      expect(apis.map((a) => a.slug).sort()).toEqual(["portico-echo", "portico-geo"]);
      const none = await db.kysely.selectFrom("apis").select("slug").where("tenant_id", "=", "empty-one").execute();
      expect(none).toEqual([]);
      const roles = await db.kysely.selectFrom("user_roles").select("role").where("tenant_id", "=", "globex").execute();
      expect(roles.map((r) => r.role)).toEqual(["ADMIN"]);
    } finally {
      await db.close();
    }
  });

  it("a bad admin leaves no tenant behind", async () => {
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const code = await runTenantCommand(
      ["create", "--id", "half", "--name", "Half", "--admin-username", "x y", "--admin-email", "bad"],
      env,
    );
    err.mockRestore();
    expect(code).toBe(1);
    const db = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir });
    try {
      expect(await getTenant(db, "half")).toBeNull();
    } finally {
      await db.close();
    }
  });
});

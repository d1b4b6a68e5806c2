import { expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { AppError } from "../errors/app-error";
import { createTenant, getTenant, listTenants } from "./tenants.service";

describeEachDialect("tenants", ({ db }) => {
  it("createTenant stores a validated config with defaults filled in, and getTenant reads it back", async () => {
    const created = await createTenant(db(), {
      id: "acme",
      name: "  Acme  ",
      config: { brandName: "Acme Hub", accentColor: "#7c3aed", switches: { publicMode: false } },
    });
    expect(created.name).toBe("Acme");
    expect(created.config.switches.publicMode).toBe(false);
    expect(created.config.switches.tutorials).toBe(true);
    expect(created.config.defaultCurrency).toBe("USD");

    const read = await getTenant(db(), "acme");
    expect(read).toEqual(created);
  });

  it("getTenant returns null for an unknown id", async () => {
    expect(await getTenant(db(), "no-such-tenant")).toBeNull();
  });

  it("getTenant fills defaults missing from an older stored config", async () => {
    await db()
      .kysely.insertInto("tenants")
      .values({ id: "legacy", name: "Legacy", config: JSON.stringify({ brandName: "Old" }), created_at: 1 })
      .execute();
    const tenant = await getTenant(db(), "legacy");
    expect(tenant?.config.brandName).toBe("Old");
    expect(tenant?.config.accentColor).toBe("#0d93f2");
  });

  it("createTenant rejects an invalid config, id or name with BAD_REQUEST and stores nothing", async () => {
    await expect(
      createTenant(db(), { id: "bad-colour", name: "X", config: { accentColor: "blue" } }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("accentColor"),
    });
    await expect(createTenant(db(), { id: "has space", name: "X", config: {} })).rejects.toBeInstanceOf(AppError);
    await expect(createTenant(db(), { id: "empty-name", name: "   ", config: {} })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await getTenant(db(), "bad-colour")).toBeNull();
    expect(await getTenant(db(), "empty-name")).toBeNull();
  });

  it("createTenant refuses a taken id with CONFLICT", async () => {
    await createTestTenant(db(), { id: "taken" });
    await expect(createTenant(db(), { id: "taken", name: "Again", config: {} })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("listTenants returns every tenant, oldest first", async () => {
    const a = await createTestTenant(db(), { id: "list-a" });
    const b = await createTestTenant(db(), { id: "list-b" });
    const ids = (await listTenants(db())).map((t) => t.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
  });
});

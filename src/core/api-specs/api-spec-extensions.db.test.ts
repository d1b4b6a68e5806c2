import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { isAppError } from "../errors/app-error";
import { getApiSpecExtension, getApiSpecExtensions } from "./api-spec-extensions.service";
import { importApiSpec } from "./api-specs.service";

const spec = (extra: Record<string, unknown>) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Ext", version: String(extra.version ?? "1") },
    paths: { "/a": { get: { responses: { "200": { description: "ok" } }, ...extra } } },
  });

describeEachDialect("getApiSpecExtensions", ({ db }) => {
  let tenantId = "";
  let owner: Viewer;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const user = await createTestUser(db(), tenantId);
    const viewer = await getViewer(db(), tenantId, user.id);
    if (!viewer) throw new Error("no viewer");
    owner = viewer;
  });

  it("reads the current version's extensions, an older version on request, and nothing before any import", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    expect(await getApiSpecExtensions({ db: db(), tenantId, viewer: null }, api.id)).toEqual({
      versionId: null,
      version: null,
      extensions: [],
    });
    const first = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: spec({ "x-first": "<script>1</script>" }),
    });
    await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: spec({ version: "2", "x-second": { a: 1 } }),
    });

    const current = await getApiSpecExtensions({ db: db(), tenantId, viewer: null }, api.id);
    expect(current.version).toBe("2");
    expect(current.extensions.map((e) => e.name)).toEqual(["x-second"]);

    const old = await getApiSpecExtension({ db: db(), tenantId, viewer: null }, api.id, "x-first", first.version.id);
    // Stored as the JSON text of the value; the page renders it as text.
    expect(old.extension?.uses[0]).toMatchObject({
      level: "operation",
      method: "GET",
      valueJson: '"<script>1</script>"',
    });
    expect((await getApiSpecExtension({ db: db(), tenantId, viewer: null }, api.id, "x-first")).extension).toBeNull();
  });

  it("answers NOT_FOUND for another API's version and for another tenant", async () => {
    const a = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const b = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const imported = await importApiSpec({ db: db(), tenantId, viewer: owner }, a.id, { text: spec({ "x-a": 1 }) });
    const refused = await getApiSpecExtensions({ db: db(), tenantId, viewer: null }, b.id, imported.version.id).catch(
      (e: unknown) => e,
    );
    expect(isAppError(refused) && refused.code).toBe("NOT_FOUND");
    const other = (await createTestTenant(db())).id;
    const elsewhere = await getApiSpecExtensions({ db: db(), tenantId: other, viewer: null }, a.id).catch(
      (e: unknown) => e,
    );
    expect(isAppError(elsewhere) && elsewhere.code).toBe("NOT_FOUND");
  });
});

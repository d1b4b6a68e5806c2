import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { type AppError, isAppError } from "../errors/app-error";
import { importApiSpec } from "./api-specs.service";
import { compareApiVersions } from "./spec-compare.service";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../../tests/fixtures/api-specs", name), "utf8");

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describeEachDialect("comparing any two spec versions", ({ db }) => {
  let tenantId = "";
  let owner: Viewer;
  let stranger: Viewer;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const viewer = async (id: string) => {
      const v = await getViewer(db(), tenantId, id);
      if (!v) throw new Error("no viewer");
      return v;
    };
    owner = await viewer((await createTestUser(db(), tenantId)).id);
    stranger = await viewer((await createTestUser(db(), tenantId)).id);
  });

  it("gives the import's diff for neighbours, its mirror backwards, and nothing between equal specs", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const v1 = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const v2 = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v2.openapi-3.1.json"),
    });
    const v3 = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const ctx = { db: db(), tenantId, viewer: null };

    const forward = await compareApiVersions(ctx, {
      apiId: api.id,
      fromVersionId: v1.version.id,
      toVersionId: v2.version.id,
    });
    expect(forward.diff).toEqual(v2.diff);
    expect(forward.from.version).toBe(v1.version.version);
    expect(forward.to.version).toBe(v2.version.version);

    const backward = await compareApiVersions(ctx, {
      apiId: api.id,
      fromVersionId: v2.version.id,
      toVersionId: v1.version.id,
    });
    expect(backward.diff.added).toEqual(forward.diff.removed);
    expect(backward.diff.removed).toEqual(forward.diff.added);

    const same = await compareApiVersions(ctx, {
      apiId: api.id,
      fromVersionId: v1.version.id,
      toVersionId: v3.version.id,
    });
    expect(same.diff).toMatchObject({ added: [], removed: [], changed: [], breakingCount: 0 });
    expect(same.diff.unchanged).toBe(v1.version.endpointsCount);
  });

  it("refuses versions of another API, hidden APIs and bad input", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const v1 = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const other = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const elsewhere = await importApiSpec({ db: db(), tenantId, viewer: owner }, other.id, {
      text: fixture("bookshop-v2.openapi-3.1.json"),
    });
    const ctx = { db: db(), tenantId, viewer: owner };
    const input = { apiId: api.id, fromVersionId: v1.version.id, toVersionId: elsewhere.version.id };
    expect((await refusal(() => compareApiVersions(ctx, input))).message).toBe("Spec version not found");
    expect((await refusal(() => compareApiVersions(ctx, { ...input, toVersionId: "" }))).code).toBe("BAD_REQUEST");

    const hidden = await createTestApi(db(), tenantId, { owner_id: owner.id, visibility: "PRIVATE" });
    const secret = await importApiSpec({ db: db(), tenantId, viewer: owner }, hidden.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const peek = { apiId: hidden.id, fromVersionId: secret.version.id, toVersionId: secret.version.id };
    expect((await refusal(() => compareApiVersions({ ...ctx, viewer: stranger }, peek))).code).toBe("NOT_FOUND");
    expect((await compareApiVersions(ctx, peek)).diff.unchanged).toBe(secret.version.endpointsCount);
  });
});

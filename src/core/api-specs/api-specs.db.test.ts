import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import type { Db } from "../../db/connection";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { type AppError, isAppError } from "../errors/app-error";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { getApiSpecDocument, importApiSpec, listApiVersions } from "./api-specs.service";
import type { SpecSource } from "./api-specs.types";

const fixtures = join(import.meta.dirname, "../../../tests/fixtures/api-specs");
const fixture = (name: string) => readFileSync(join(fixtures, name), "utf8");
const multiFile = join(import.meta.dirname, "../../../tests/fixtures/specs/multi-file");

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function viewerOf(db: Db, tenantId: string, userId: string): Promise<Viewer> {
  const viewer = await getViewer(db, tenantId, userId);
  if (!viewer) throw new Error("no viewer");
  return viewer;
}

async function counts(db: Db, tenantId: string, apiId: string) {
  const versions = await db.kysely
    .selectFrom("api_versions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirstOrThrow();
  const endpoints = await db.kysely
    .selectFrom("api_endpoints")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirstOrThrow();
  const api = await db.kysely
    .selectFrom("apis")
    .select(["current_version_id", "updated_at"])
    .where("id", "=", apiId)
    .executeTakeFirstOrThrow();
  return { versions: Number(versions.n), endpoints: Number(endpoints.n), current: api.current_version_id };
}

describeEachDialect("importApiSpec", ({ db, dialect }) => {
  let tenantId = "";
  let owner: Viewer;
  let stranger: Viewer;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    owner = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    stranger = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
  });

  it("stores a new version with its endpoints, makes it current and diffs a re-import", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const first = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    expect(first.previousVersionId).toBeNull();
    expect(first.version).toMatchObject({ version: "1.0.0", sourceFormat: "openapi-3.0.3", endpointsCount: 5 });
    expect(first.diff.added).toHaveLength(5);
    expect(await counts(db(), tenantId, api.id)).toEqual({ versions: 1, endpoints: 5, current: first.version.id });

    const second = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v2.openapi-3.1.json"),
    });
    expect(second.previousVersionId).toBe(first.version.id);
    expect(second.version.sourceFormat).toBe("openapi-3.1.0");
    // v2's webhook is documented like an operation (decision 110), so it is one of the additions.
    expect(second.diff.added.map((o) => `${o.method} ${o.path}`)).toEqual(["PUT /books/{id}", "POST newBook"]);
    expect(second.diff.removed.map((o) => `${o.method} ${o.path}`)).toEqual(["DELETE /books/{id}"]);
    expect(second.diff.changed.map((o) => [`${o.method} ${o.path}`, o.parts])).toEqual([
      ["GET /books", ["parameters"]],
      ["GET /books/{id}", ["summary"]],
    ]);
    expect(second.diff.unchanged).toBe(2);
    // Both versions stay (the old one with its endpoints), the new one is current.
    expect(await counts(db(), tenantId, api.id)).toEqual({ versions: 2, endpoints: 11, current: second.version.id });
    const versions = await listApiVersions({ db: db(), tenantId, viewer: null }, api.id);
    expect(versions.map((v) => [v.version, v.isCurrent])).toEqual([
      ["2.0.0", true],
      ["1.0.0", false],
    ]);

    const original = await getApiSpecDocument(
      { db: db(), tenantId, viewer: null },
      api.id,
      first.version.id,
      "original",
    );
    expect(original.format).toBe("yaml");
    expect(original.text).toBe(fixture("bookshop-v1.openapi-3.0.yaml"));
    const normalized = await getApiSpecDocument(
      { db: db(), tenantId, viewer: null },
      api.id,
      first.version.id,
      "normalized",
    );
    expect(normalized.format).toBe("json");
    expect((JSON.parse(normalized.text) as { openapi: string }).openapi).toBe("3.0.3");
  });

  it("imports a zip archive and an uploaded folder with relative refs between files", async () => {
    const files: Record<string, string> = {};
    for (const name of ["openapi.yaml", "paths/pets.yaml", "schemas/pet.yaml", "schemas/owner.yaml"]) {
      files[`pets-api/${name}`] = readFileSync(join(multiFile, name), "utf8");
    }
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const fromFolder = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, { files });
    expect(fromFolder.version.endpointsCount).toBe(3);
    const archive = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
    const fromZip = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, { archive });
    expect(fromZip.diff).toMatchObject({ added: [], removed: [], changed: [], unchanged: 3 });
    const original = await getApiSpecDocument(
      { db: db(), tenantId, viewer: owner },
      api.id,
      fromZip.version.id,
      "original",
    );
    // The original of a multi-file upload is the bundle: one document without refs to other files.
    expect(original.text).not.toMatch(/"\$ref": "(?!#)/);
  });

  it("imports by URL a spec split into sibling files (relative refs fetched from the same host)", async () => {
    const server = http.createServer((req, res) => {
      const name = (req.url ?? "").replace(/^\/api\//, "");
      if (!["openapi.yaml", "paths/pets.yaml", "schemas/pet.yaml", "schemas/owner.yaml"].includes(name)) {
        res.writeHead(404);
        return res.end();
      }
      res.end(readFileSync(join(multiFile, name)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/openapi.yaml`;
      const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
      const imported = await importApiSpec(
        { db: db(), tenantId, viewer: owner },
        api.id,
        { url },
        { allowPrivateUrls: true },
      );
      expect(imported.version.endpointsCount).toBe(3);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it.each<[string, () => SpecSource, RegExp]>([
    ["not JSON/YAML", () => ({ text: fixture("hostile-not-a-spec.txt") }), /not valid YAML or JSON/],
    ["broken JSON", () => ({ text: fixture("hostile-broken-json.json") }), /not valid JSON/],
    ["not OpenAPI", () => ({ text: fixture("hostile-not-openapi.yaml") }), /neither OpenAPI 3\.x nor Swagger 2\.0/],
    ["a broken $ref", () => ({ text: fixture("hostile-broken-ref.json") }), /Broken \$ref/],
    ["cyclic $refs", () => ({ text: fixture("hostile-cyclic-refs.yaml") }), /Circular \$ref/],
    ["a remote $ref", () => ({ text: fixture("hostile-remote-ref.yaml") }), /Remote and file \$refs are not allowed/],
    ["a file $ref", () => ({ text: fixture("hostile-file-ref.yaml") }), /Remote and file \$refs are not allowed/],
    ["a YAML alias bomb", () => ({ text: fixture("hostile-alias-bomb.yaml") }), /too many YAML aliases/],
    ["__proto__ keys", () => ({ text: fixture("hostile-proto.json") }), /forbidden key "__proto__"/],
    [
      "10,000-level nesting",
      () => ({ text: `{"openapi":"3.0.0","x":${"[".repeat(10_000)}${"]".repeat(10_000)}}` }),
      /nested deeper than 200 levels/,
    ],
    [
      "an oversized spec",
      () => ({ text: `{"openapi":"3.0.0","x":"${"a".repeat(11 * 1024 * 1024)}"}` }),
      /larger than 10 MB/,
    ],
    [
      "a ref to a file outside the upload",
      () => ({ files: { "openapi.yaml": fixture("hostile-file-ref.yaml"), "other.yaml": "a: 1\n" } }),
      /outside the upload/,
    ],
    [
      "a zip bomb",
      () => ({ archive: zipSync({ "openapi.json": new Uint8Array(24 * 1024 * 1024) }, { level: 1 }) }),
      /expands to more than 10 MB/,
    ],
    ["a private URL", () => ({ url: "http://127.0.0.1:9/openapi.yaml" }), /Private, loopback and link-local/],
  ])("refuses %s with a 4xx naming what and where, fast, storing nothing", async (_label, source, message) => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    const before = await counts(db(), tenantId, api.id);
    const input = source();
    const error = await refusal(() => importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, input));
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    expect(error.message).toMatch(message);
    expect(typeof error.details?.where).toBe("string");
    expect(await counts(db(), tenantId, api.id)).toEqual(before);
  });

  it("stores nothing when the write fails half-way (one transaction)", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const first = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: fixture("bookshop-v1.openapi-3.0.yaml"),
    });
    // The version row goes in first; with the endpoints table gone the second insert fails inside the transaction.
    await sql`alter table api_endpoints rename to api_endpoints_away`.execute(db().kysely);
    try {
      await expect(
        importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, { text: fixture("bookshop-v2.openapi-3.1.json") }),
      ).rejects.toThrow();
    } finally {
      await sql`alter table api_endpoints_away rename to api_endpoints`.execute(db().kysely);
    }
    expect(await counts(db(), tenantId, api.id)).toEqual({ versions: 1, endpoints: 5, current: first.version.id });
  });

  it("lets only who may edit the API import: owner and organization members, not others", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const text = fixture("bookshop-v1.openapi-3.0.yaml");
    expect((await refusal(() => importApiSpec({ db: db(), tenantId, viewer: null }, api.id, { text }))).code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await refusal(() => importApiSpec({ db: db(), tenantId, viewer: stranger }, api.id, { text }))).code).toBe(
      "FORBIDDEN",
    );
    const otherTenant = (await createTestTenant(db())).id;
    const outsider = await viewerOf(db(), otherTenant, (await createTestUser(db(), otherTenant)).id);
    expect((await refusal(() => importApiSpec({ db: db(), tenantId, viewer: outsider }, api.id, { text }))).code).toBe(
      "UNAUTHENTICATED",
    );
    expect(
      (await refusal(() => importApiSpec({ db: db(), tenantId: otherTenant, viewer: outsider }, api.id, { text })))
        .code,
    ).toBe("NOT_FOUND");
    const hidden = await createTestApi(db(), tenantId, { owner_id: owner.id, visibility: "PRIVATE" });
    expect(
      (await refusal(() => importApiSpec({ db: db(), tenantId, viewer: stranger }, hidden.id, { text }))).code,
    ).toBe("NOT_FOUND");
    expect((await counts(db(), tenantId, api.id)).versions).toBe(0);

    // An organization's API: any member finds the organization in their context tree (spec section 6).
    const org = await createOrganization({ db: db(), tenantId, viewer: owner }, { name: `Import Org ${dialect}` });
    await addOrganizationMember({ db: db(), tenantId, viewer: owner }, org.id, { username: stranger.username });
    await db()
      .kysely.insertInto("users")
      .values({
        id: org.id,
        tenant_id: tenantId,
        username: org.slugifiedName,
        email: null,
        name: org.name,
        thumbnail: null,
        position: null,
        company: null,
        location: null,
        bio: null,
        is_demo: 0,
        created_at: Date.now(),
      })
      .execute();
    const orgApi = await createTestApi(db(), tenantId, { owner_id: org.id });
    const result = await importApiSpec({ db: db(), tenantId, viewer: stranger }, orgApi.id, { text });
    expect(result.version.endpointsCount).toBe(5);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { createUser } from "../../core/accounts/accounts.service";
import { createSession } from "../../core/accounts/sessions.service";
import { MAX_SPEC_UPLOAD_BYTES } from "../../core/api-specs/spec-uploads";
import { buildWebServer } from "../web-server";

const PETSTORE = fs.readFileSync(
  new URL("../../../tests/fixtures/specs/petstore-swagger-2.0.json", import.meta.url),
  "utf8",
);
const MUTATION =
  "mutation($a: ID!, $u: [File!], $t: String, $p: [String!]) { importApiSpec(apiId: $a, upload: $u, text: $t, uploadPaths: $p) { version { endpointsCount sourceFormat } } }";
const MULTI_FILE = new URL("../../../tests/fixtures/specs/multi-file/", import.meta.url);
const MULTI_FILE_PATHS = ["openapi.yaml", "paths/pets.yaml", "schemas/pet.yaml", "schemas/owner.yaml"];

/** A GraphQL multipart request body (operations, map, then the files) as the spec and its clients send it. */
function multipart(apiId: string, files: Array<{ name: string; text: string }>, extra: Record<string, unknown> = {}) {
  const boundary = `----portico${Date.now()}`;
  const operations = JSON.stringify({
    query: MUTATION,
    variables: { a: apiId, u: files.map(() => null), ...extra },
  });
  const map = JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.u.${i}`]])));
  const part = (name: string, body: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n` +
    `${filename ? "Content-Type: application/octet-stream\r\n" : ""}\r\n${body}\r\n`;
  const body =
    part("operations", operations) +
    part("map", map) +
    files.map((f, i) => part(String(i), f.text, f.name)).join("") +
    `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface ImportAnswer {
  data?: { importApiSpec: { version: { endpointsCount: number; sourceFormat: string } } } | null;
  errors?: Array<{ message: string; extensions?: { code?: string; details?: { where?: string } } }>;
}

describeEachDialect("importApiSpec with an uploaded file (GraphQL multipart request)", ({ db }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-spec-upload-gql-"));
  let app: FastifyInstance;
  let tenantId = "";
  let ownerId = "";
  let strangerId = "";

  async function browser(userId: string, withCsrf = true): Promise<TestBrowser> {
    const b = new TestBrowser(app, tenantId);
    b.cookies.set("portico_session", (await createSession(db(), tenantId, userId)).token);
    if (withCsrf) await b.fetchCsrf();
    return b;
  }

  async function upload(
    b: TestBrowser,
    apiId: string,
    files: Array<{ name: string; text: string }>,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    const { body, contentType } = multipart(apiId, files, options.extra);
    const response = await b.request({
      method: "POST",
      url: "/gateway/graphql",
      payload: body,
      headers: {
        "content-type": contentType,
        accept: "application/json",
        ...(b.csrfToken ? { "csrf-token": b.csrfToken } : {}),
        ...options.headers,
      },
    });
    return { status: response.statusCode, json: response.json() as ImportAnswer };
  }

  const versions = async (apiId: string) =>
    (await db().kysely.selectFrom("api_versions").select("id").where("api_id", "=", apiId).execute()).length;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    ownerId = (await createUser(db(), tenantId, { username: "uploader", email: "uploader@u.test" })).id;
    strangerId = (await createUser(db(), tenantId, { username: "stranger", email: "stranger@u.test" })).id;
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", PORTICO_DATA_DIR: dataDir }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db(), {}, { dataDir }),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports an uploaded Swagger 2.0 file as a new version, like the studio upload", async () => {
    const apiId = (await createTestApi(db(), tenantId, { owner_id: ownerId })).id;
    const answer = await upload(await browser(ownerId), apiId, [{ name: "petstore.json", text: PETSTORE }]);
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data?.importApiSpec.version).toMatchObject({ sourceFormat: "swagger-2.0" });
    expect(answer.json.data?.importApiSpec.version.endpointsCount).toBeGreaterThan(0);
    expect(await versions(apiId)).toBe(1);
  });

  it("keeps a folder's sub-folders: the parser keeps only base names, uploadPaths names the files", async () => {
    const apiId = (await createTestApi(db(), tenantId, { owner_id: ownerId })).id;
    const files = MULTI_FILE_PATHS.map((name) => ({ name, text: fs.readFileSync(new URL(name, MULTI_FILE), "utf8") }));
    // Sent as browsers and clients send a folder (filename="paths/pets.yaml"): the sub-folder is lost on the way.
    const lost = await upload(await browser(ownerId), apiId, files);
    expect(lost.json.errors?.[0]?.message).toMatch(/\$ref|not in the upload|entry/i);
    const kept = await upload(await browser(ownerId), apiId, files, { extra: { p: MULTI_FILE_PATHS } });
    expect(kept.json.errors).toBeUndefined();
    expect(kept.json.data?.importApiSpec.version.endpointsCount).toBeGreaterThan(0);
    const mismatched = await upload(await browser(ownerId), apiId, files, { extra: { p: ["openapi.yaml"] } });
    expect(mismatched.json.errors?.[0]?.message).toBe("uploadPaths must name every upload, in the order of upload");
  });

  it("still requires the CSRF token and the right to edit the API; nothing is stored when refused", async () => {
    const apiId = (await createTestApi(db(), tenantId, { owner_id: ownerId })).id;
    const noToken = await upload(await browser(ownerId, false), apiId, [{ name: "p.json", text: PETSTORE }]);
    expect(noToken.status).toBe(419);
    expect(noToken.json.errors?.[0]?.extensions?.code).toBe("CSRF");
    const stranger = await upload(await browser(strangerId), apiId, [{ name: "p.json", text: PETSTORE }]);
    expect(stranger.json.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await versions(apiId)).toBe(0);
  });

  it("answers the studio's errors: bad spec with its location, text and upload together, oversized bodies", async () => {
    const apiId = (await createTestApi(db(), tenantId, { owner_id: ownerId })).id;
    const owner = await browser(ownerId);
    const broken = await upload(owner, apiId, [{ name: "broken.json", text: '{"swagger": "2.0",\n "info": }' }]);
    expect(broken.json.errors?.[0]?.message).toMatch(/^Spec is not valid JSON/);
    expect(broken.json.errors?.[0]?.extensions?.details?.where).toMatch(/^2:\d+$/);
    const both = await upload(owner, apiId, [{ name: "p.json", text: PETSTORE }], { extra: { t: PETSTORE } });
    expect(both.json.errors?.[0]?.message).toBe("Give the spec as text, a URL or files (one of them)");
    const huge = await upload(owner, apiId, [{ name: "p.json", text: PETSTORE }], {
      headers: { "content-length": String(MAX_SPEC_UPLOAD_BYTES + 1) },
    });
    expect(huge.status).toBe(413);
    expect(huge.json.errors?.[0]?.message).toBe(
      `The upload is larger than ${Math.floor(MAX_SPEC_UPLOAD_BYTES / (1024 * 1024))} MB`,
    );
    expect(await versions(apiId)).toBe(0);
  });
});

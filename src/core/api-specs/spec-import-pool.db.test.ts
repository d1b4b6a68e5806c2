import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { type AppError, isAppError } from "../errors/app-error";
import { ZIP_LIMITS } from "../specs/read-zip-archive";
import { SPEC_LIMITS } from "../specs/spec-errors";
import type { SpecProcessor } from "../specs/spec-job.types";
import { SpecWorkerPool } from "../specs/spec-worker-pool";
import { importApiSpec } from "./api-specs.service";
import type { SpecSource } from "./api-specs.types";
import { ImportProgressBoard } from "./import-progress";
import { type SpecUpload, specSourceFromUploads } from "./spec-uploads";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../../tests/fixtures/api-specs", name), "utf8");

function upload(name: string, bytes: Uint8Array): SpecUpload {
  return { name, size: bytes.length, arrayBuffer: async () => bytes.slice().buffer as ArrayBuffer };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describeEachDialect("importApiSpec on the spec worker pool", ({ db }) => {
  let tenantId = "";
  let owner: Viewer;
  const pool = new SpecWorkerPool();

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const viewer = await getViewer(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    if (!viewer) throw new Error("no viewer");
    owner = viewer;
  });
  afterAll(() => pool.close());

  it("stores what an import in this thread stores, diff included, and reports each step to the progress board", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const board = new ImportProgressBoard();
    const first = await importApiSpec(
      { db: db(), tenantId, viewer: owner },
      api.id,
      { text: fixture("bookshop-v1.openapi-3.0.yaml") },
      { processor: pool, onStage: board.track(tenantId, owner.id, "first-import") },
    );
    expect(first.version).toMatchObject({ version: "1.0.0", sourceFormat: "openapi-3.0.3", endpointsCount: 5 });
    expect(board.read(tenantId, owner.id, "first-import")).toMatchObject({ stage: "done", endpoints: 5 });

    const stages: string[] = [];
    const second = await importApiSpec(
      { db: db(), tenantId, viewer: owner },
      api.id,
      { upload: { name: "v2.json", bytes: new TextEncoder().encode(fixture("bookshop-v2.openapi-3.1.json")) } },
      {
        processor: pool,
        onStage: (stage, endpoints) => stages.push(endpoints === undefined ? stage : `${stage} ${endpoints}`),
      },
    );
    // Version 2 has five operations and one webhook, which is listed as an endpoint too (decision 110).
    expect(stages).toEqual(["reading", "parsing", "checking", "endpoints", "comparing", "saving 6", "done 6"]);
    expect(second.diff.added.map((o) => `${o.method} ${o.path}`)).toEqual(["PUT /books/{id}", "POST newBook"]);
    expect(second.diff.changed.map((o) => [`${o.method} ${o.path}`, o.parts])).toEqual([
      ["GET /books", ["parameters"]],
      ["GET /books/{id}", ["summary"]],
    ]);
    const stored = await db()
      .kysely.selectFrom("api_versions")
      .select(["original_doc", "normalized_doc"])
      .where("id", "=", second.version.id)
      .executeTakeFirstOrThrow();
    expect(stored.original_doc).toBe(fixture("bookshop-v2.openapi-3.1.json"));
    expect((JSON.parse(stored.normalized_doc) as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("refuses oversized input from its size alone: nothing is decoded or parsed, no job is started", async () => {
    const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const processor: SpecProcessor = { prepare: vi.fn(), close: async () => {} };
    const board = new ImportProgressBoard();
    const max = SPEC_LIMITS.defaultMaxBytes;
    // Bytes that are not even UTF-8: a refusal that looked at them would say so instead of naming the size.
    const notText = new Uint8Array(max + 1).fill(0xff);
    const cases: Array<[() => Promise<SpecSource>, string]> = [
      [async () => ({ text: "x".repeat(max + 1) }), "Spec is larger than 10 MB"],
      // Two bytes per character in UTF-8: under the limit in characters, over it in bytes.
      [async () => ({ text: "é".repeat(max / 2 + 1) }), "Spec is larger than 10 MB"],
      [() => specSourceFromUploads([upload("big.json", notText)], null), "Spec is larger than 10 MB"],
      [
        async () => ({ archive: new Uint8Array(ZIP_LIMITS.maxArchiveBytes + 1).fill(0x50) }),
        "The archive is larger than 20 MB",
      ],
    ];
    for (const [source, message] of cases) {
      const error = await refusal(async () =>
        importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, await source(), {
          processor,
          onStage: board.track(tenantId, owner.id, "too-large"),
        }),
      );
      expect([error.code, error.message]).toEqual(["BAD_REQUEST", message]);
      expect(board.read(tenantId, owner.id, "too-large")?.stage).toBe("failed");
    }
    expect(processor.prepare).not.toHaveBeenCalled();
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../../tests/db-dialects";
import { directoryImportProgress, getDirectoryImportProgress } from "../../../core/catalog/directory-progress";
import { inProcessSpecProcessor } from "../../../core/specs/prepare-spec";
import { searchBackendFor } from "../../../infra/search/search-backends";
import { PORTICO_COLLECTIONS, rebuildCollections } from "../seed-collections";
import { seedDemoCatalog } from "../seed-demo-catalog";
import { type DirectoryImportReport, importDirectory } from "./directory-import";
import { DEMO_PLAN_NOTE, isCallableGet } from "./directory-plans";
import { listDirectorySpecs } from "./directory-source";

const MINI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../tests/fixtures/seed-mini");

function spec(title: string | null, paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: "3.0.0",
    info: { ...(title ? { title } : {}), version: "1.0", ...extra },
    servers: [{ url: "https://api.example.org/v1" }],
    paths,
  };
}

const getOk = {
  get: {
    summary: "Read it",
    responses: { "200": { description: "ok", content: { "application/json": { example: { ok: true } } } } },
  },
};

/** A directory in the package's layout: api/<provider>.json and api/<provider>/<service>.json. */
function writeDirectory(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "directory-"));
  const write = (id: string, doc: unknown) => {
    const file = path.join(root, `${id}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(doc));
  };
  // The smallest file: position 0 in import order, so it gets demo plans; its provider has one spec and a listing.
  write("7timer.info", spec("7Timer", { "/f": getOk }, { "x-apisguru-categories": ["open_data"] }));
  write("notitle.example", spec(null, { "/a": getOk, "/b": getOk }));
  write(
    "example.org/alpha",
    spec("Alpha Service", { "/alpha": getOk, "/alpha/{id}": getOk }, { description: "Alpha does things." }),
  );
  write(
    "example.org/beta",
    spec(
      "Beta Service",
      { "/beta": getOk, "/beta/{id}": getOk, "/beta/{id}/x": getOk },
      { "x-apisguru-categories": ["developer_tools"] },
    ),
  );
  return root;
}

describeEachDialect("directory import (APIs.guru specs through the import path)", ({ db }) => {
  let first: DirectoryImportReport;
  let second: DirectoryImportReport;

  beforeAll(async () => {
    await seedDemoCatalog(db(), {
      dataDir: "/nonexistent",
      log: () => {},
      sourceDir: MINI,
      search: searchBackendFor(db()),
      directory: { ids: new Set() },
    });
    const all = listDirectorySpecs(writeDirectory());
    const run = () =>
      importDirectory(db(), { tenantId: "1", all, scope: all, processor: inProcessSpecProcessor, log: () => {} });
    first = await run();
    second = await run();
  });

  it("imports every valid spec and skips the invalid one with its reason", () => {
    expect(first).toMatchObject({ total: 4, imported: 3, alreadyRecorded: 0, mergedIntoListings: 1, withDemoPlans: 1 });
    expect(first.failed).toEqual([{ specId: "notitle.example", reason: expect.stringMatching(/no title/) }]);
    expect(first.endpoints).toBe(1 + 2 + 3);
  });

  it("is idempotent: a second run finds every spec recorded and writes nothing", async () => {
    expect(second).toMatchObject({ total: 4, imported: 0, alreadyRecorded: 4, failed: [] });
    const versions = await db().kysely.selectFrom("api_versions").select("id").where("tenant_id", "=", "1").execute();
    // The fixture's two valid lite specs plus the three directory ones.
    expect(versions).toHaveLength(5);
    expect(await directoryImportProgress(db(), "1")).toMatchObject({ done: 4, failed: 1, running: false, total: 4 });
    // /admin only: a visitor gets no figures.
    await expect(getDirectoryImportProgress(db(), "1", null)).rejects.toThrow();
  });

  it("documents the public-apis listing of a single-spec provider instead of adding a second API", async () => {
    const rows = await db()
      .kysely.selectFrom("apis")
      .leftJoin("categories as c", "c.id", "apis.category_id")
      .select(["apis.id", "apis.name", "apis.current_version_id", "apis.website", "c.slug as category"])
      .where("apis.tenant_id", "=", "1")
      .where("apis.name", "like", "7Timer%")
      .execute();
    expect(rows).toHaveLength(1);
    // The listing's category (a person's choice) stays over the directory's coarse one (open_data).
    expect(rows[0]?.category).toBe("weather");
    expect(rows[0]?.name).toBe("7Timer!");
    expect(rows[0]?.current_version_id).not.toBeNull();
    expect(rows[0]?.website).toBe("https://www.7timer.info/doc.php");
  });

  it("gives the chosen API demo plans, labelled as demo, answered by the mock", async () => {
    const api = await db()
      .kysely.selectFrom("apis")
      .select(["id", "pricing_type"])
      .where("tenant_id", "=", "1")
      .where("name", "=", "7Timer!")
      .executeTakeFirstOrThrow();
    const plans = await db()
      .kysely.selectFrom("plans")
      .select([
        "name",
        "monthly_price_cents",
        "approval_required",
        "hard_limit",
        "overage_price_micros",
        "features_json",
      ])
      .where("tenant_id", "=", "1")
      .where("api_id", "=", api.id)
      .orderBy("position")
      .execute();
    expect(plans.map((p) => p.name)).toEqual(["Basic", "Pro", "Ultra"]);
    expect(plans.map((p) => Number(p.approval_required))).toEqual([0, 0, 1]);
    expect(Number(plans[1]?.overage_price_micros)).toBeGreaterThan(0);
    for (const p of plans) expect(JSON.parse(p.features_json)).toContain(DEMO_PLAN_NOTE);
    expect(api.pricing_type).toBe("FREEMIUM");
    const settings = await db()
      .kysely.selectFrom("api_gateway_settings")
      .select("mode")
      .where("api_id", "=", api.id)
      .executeTakeFirstOrThrow();
    expect(settings.mode).toBe("mock");
  });

  it("maps directory categories onto the portal's and files new providers under their own account", async () => {
    const rows = await db()
      .kysely.selectFrom("apis as a")
      .innerJoin("users as u", "u.id", "a.owner_id")
      .leftJoin("categories as c", "c.id", "a.category_id")
      .select(["a.name", "u.username", "c.slug as category", "a.short_description"])
      .where("a.tenant_id", "=", "1")
      .where("u.username", "=", "example-org")
      .orderBy("a.name")
      .execute();
    expect(rows).toEqual([
      { name: "Alpha Service", username: "example-org", category: null, short_description: "Alpha does things." },
      { name: "Beta Service", username: "example-org", category: "development", short_description: "Beta Service API" },
    ]);
  });

  it("rebuilds the hub collections from documented APIs only", async () => {
    await rebuildCollections(db(), "1", PORTICO_COLLECTIONS, Date.now());
    const members = await db()
      .kysely.selectFrom("collection_apis as m")
      .innerJoin("collections as k", "k.id", "m.collection_id")
      .innerJoin("apis as a", "a.id", "m.api_id")
      .select(["k.slug", "a.current_version_id"])
      .where("m.tenant_id", "=", "1")
      .execute();
    expect(members.length).toBeGreaterThan(0);
    expect(members.filter((m) => m.current_version_id === null)).toEqual([]);
    expect(members.some((m) => m.slug === "ready-to-try")).toBe(true);
  });
});

describe("listDirectorySpecs", () => {
  it("orders specs smallest first, ties by id, with provider and id from the path", () => {
    const specs = listDirectorySpecs(writeDirectory());
    expect(specs[0]?.id).toBe("7timer.info");
    expect(specs.map((s) => s.bytes)).toEqual([...specs.map((s) => s.bytes)].sort((a, b) => a - b));
    expect(specs.find((s) => s.id === "example.org/beta")?.provider).toBe("example.org");
  });
});

describe("isCallableGet", () => {
  it("accepts GETs whose parameters are whole segments, which the gateway's matcher fills", () => {
    expect(isCallableGet({ method: "GET", path: "/items/{id}" })).toBe(true);
    expect(isCallableGet({ method: "get", path: "/items" })).toBe(true);
    expect(isCallableGet({ method: "GET", path: "/report.{format}" })).toBe(false);
    expect(isCallableGet({ method: "POST", path: "/items" })).toBe(false);
  });
});

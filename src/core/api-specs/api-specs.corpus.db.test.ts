import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { listSpecFiles, sharedSpecsDirectory } from "../../../tests/shared-specs";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { isAppError } from "../errors/app-error";
import { importApiSpec } from "./api-specs.service";

// The shared corpus (567 specs) when present (tests/shared-specs.ts says where it is looked for); skipped otherwise.
const corpusDirectory = sharedSpecsDirectory ?? "";

/*
 * SQLite imports all 567 specs. PostgreSQL imports every 8th file (deterministic, ~71 specs, incl. the largest): the
 * parsing and conversion are the same code on both dialects and are covered in full on SQLite, while PostgreSQL's
 * part (one transaction per import, ~80k endpoint rows of JSON over the wire) would otherwise add minutes to every
 * db-tier run on a 2-core machine.
 */
const PG_SAMPLE_EVERY = 8;
const LARGEST = "zuora.com/2017-09-06.json";

describe.skipIf(sharedSpecsDirectory === null)("importApiSpec corpus", () => {
  describeEachDialect("imports the openapi-directory-lite specs", ({ db, dialect }) => {
    let tenantId = "";
    let owner: Viewer;

    beforeAll(async () => {
      tenantId = (await createTestTenant(db())).id;
      const user = await createTestUser(db(), tenantId);
      const viewer = await getViewer(db(), tenantId, user.id);
      if (!viewer) throw new Error("no viewer");
      owner = viewer;
    });

    it("imports each spec as a version with endpoints, or refuses it with a clear validation error", {
      timeout: 900_000,
    }, async () => {
      const all = listSpecFiles(corpusDirectory);
      expect(all.length).toBeGreaterThan(500);
      const files =
        dialect === "sqlite"
          ? all
          : all.filter((file, index) => index % PG_SAMPLE_EVERY === 0 || relative(corpusDirectory, file) === LARGEST);
      let imported = 0;
      let endpoints = 0;
      const refused = new Map<string, string[]>();
      const started = performance.now();
      for (const file of files) {
        const api = await createTestApi(db(), tenantId, { owner_id: owner.id });
        const name = relative(corpusDirectory, file);
        try {
          const result = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
            text: readFileSync(file, "utf8"),
          });
          imported++;
          endpoints += result.version.endpointsCount;
          expect(result.diff.added.length).toBe(result.version.endpointsCount);
        } catch (error) {
          // Anything but a 4xx AppError with a message fails here, naming the file.
          if (!isAppError(error) || error.status >= 500 || !error.message) {
            throw new Error(`${name}: ${String(error)}`);
          }
          const reason = error.message.replace(/:.*$/, "");
          refused.set(reason, [...(refused.get(reason) ?? []), name]);
        }
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `corpus import [${dialect}]: ${imported}/${files.length} specs imported (${all.length} in the corpus), ` +
          `${endpoints} endpoints, ${seconds} s`,
      );
      for (const [reason, names] of refused)
        console.log(`  ${names.length} × ${reason}: ${names.slice(0, 5).join(", ")}`);
      const stored = await db()
        .kysely.selectFrom("api_endpoints")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(endpoints);
      // The directory's specs are real and valid Swagger 2.0: nearly all must import.
      expect(imported).toBeGreaterThanOrEqual(Math.floor(files.length * 0.95));
    });
  });
});

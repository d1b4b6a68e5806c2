import os from "node:os";
import path from "node:path";
import type { Providers } from "../src/core/providers";
import type { Db } from "../src/db/connection";
import { buildProviders } from "../src/server/providers";

/**
 * The providers a test server or use case runs with: the same ones the composition root builds (sandbox payments,
 * the dialect's search engine, a log mail sender that stays silent), with uploads in a temporary folder unless the
 * test names one. A test swaps any of them through `overrides` (docs/decisions/070-core-boundary.md).
 */
export function testProviders(
  db: Db,
  overrides: Partial<Providers> = {},
  options: { dataDir?: string } = {},
): Providers {
  const dataDir = options.dataDir ?? path.join(os.tmpdir(), `portico-test-${process.pid}`);
  const config = { PORTICO_DATA_DIR: dataDir, SMTP_URL: undefined, MAIL_FROM: "test@portico.test" };
  return { ...buildProviders({ config, db, log: { info() {} } }), ...overrides };
}

import { createRequire } from "node:module";
import os from "node:os";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);
// One graphql instance: Vite prefers graphql's ESM build, while yoga (loaded by Node) gets the CJS one.
const graphqlEntry = require.resolve("graphql");

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    // Vitest's default (cores − 1) is one worker on our 2-core machines; two halve the unit and db tiers' time there
    // (unit 105 → 65 s, db 244 → 140 s in one run). Each db suite has its own databases, so files run side by side.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Shared, noisy machines: a cold import of jsdom/DOMPurify alone can take seconds. No test asserts timing.
          testTimeout: 30_000,
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: ["src/**/*.db.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        // Database tier: every *.db.test.ts runs once per dialect (see tests/db-dialects.ts).
        test: {
          name: "db",
          include: ["src/**/*.db.test.ts"],
          // One migrated SQLite file and PostgreSQL database per run; each suite's database is a copy of them.
          globalSetup: ["tests/db-templates.global.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});

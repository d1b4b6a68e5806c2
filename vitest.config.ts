import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);
// One graphql instance: Vite prefers graphql's ESM build, while yoga (loaded by Node) gets the CJS one.
const graphqlEntry = require.resolve("graphql");

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
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
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

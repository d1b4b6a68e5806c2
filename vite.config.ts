import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-plugin";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: { sourcemap: false },
  ssr: {
    // Server-only packages stay external in the SSR bundle; the Fastify process provides them.
    external: ["better-sqlite3", "pg", "kysely"],
  },
});

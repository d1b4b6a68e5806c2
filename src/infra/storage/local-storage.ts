import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type FileStorage, isSafeStorageKey } from "../../core/content/file-storage";

function resolveKey(root: string, key: string): string {
  if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  const full = path.resolve(root, key);
  // Belt and braces: the key pattern already forbids "..", but the resolved path must stay under the root.
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error("Storage key escapes the storage root");
  return full;
}

/** Files in a local folder (embedded mode): {dataDir}/uploads by default. Writes go through a temp file + rename. */
export function createLocalStorage(root: string): FileStorage {
  return {
    async put(key, bytes) {
      const target = resolveKey(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolveKey(root, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolveKey(root, key), { force: true });
    },
  };
}

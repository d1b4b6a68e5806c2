/**
 * Where uploaded files live (spotlight files today). Core owns the interface; src/infra/storage implements it (a
 * folder under the data dir in embedded mode; a scale-out deployment swaps in an S3-compatible implementation), and
 * the composition root hands it down as `providers.storage` (docs/decisions/070-core-boundary.md).
 */
export interface FileStorage {
  /** Stores the bytes under `key` (created or replaced). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by Portico (tenant/kind/id.ext), never from user input: letters, digits, '_', '-', '.', '/'. */
export function isSafeStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 300 &&
    /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[a-z0-9]+)?$/.test(key) &&
    !key.split("/").some((part) => part === "." || part === "..")
  );
}

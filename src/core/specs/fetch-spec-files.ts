import { isAppError } from "../errors/app-error";
import { SPEC_UPLOAD_LIMITS } from "./bundle-spec-files";
import { type FetchSpecOptions, specFetcher, URL_NOT_TEXT } from "./fetch-spec-url";
import { scanFileRefs } from "./scan-file-refs";
import { formatBytes, specError } from "./spec-errors";
import type { SpecJobSource } from "./spec-job.types";
import { normalizeUploadPath, resolveRefFile } from "./upload-paths";

/** Bounds of the sibling files a URL import fetches, on top of each file's own fetch limits. */
export const URL_FILES_LIMITS = {
  /** The same count a folder or zip upload may hold (decision 110). */
  maxFiles: SPEC_UPLOAD_LIMITS.maxFiles,
  /** All files together, the same sum a folder upload's referenced files may reach. */
  maxTotalBytes: SPEC_UPLOAD_LIMITS.maxReferencedBytes,
  /** Files reached through files reached through…: real split specs go 3-4 levels deep. */
  maxDepth: 32,
  /** Requests in flight at once against the spec's host. */
  concurrency: 6,
  /** The whole crawl, whatever the number of files. */
  totalTimeoutMs: 60_000,
} as const;

interface Pending {
  path: string;
  depth: number;
}

/**
 * The spec job of a URL import. A document without relative file `$ref`s is one file, as before. One with them is
 * imported like an uploaded folder: the files its refs name are fetched (each through the same SSRF-guarded fetch
 * as the root, resolved against the root's final URL, so they stay on its origin), then theirs, bounded in count,
 * total size, depth and time. A file that cannot be fetched is only an error if the bundler finds a ref to it: the
 * refusal then names the file, why it failed and the ref's location.
 */
export async function fetchSpecSource(
  rawUrl: string,
  options: FetchSpecOptions & { totalTimeoutMs?: number },
): Promise<SpecJobSource> {
  const fetcher = specFetcher(options);
  try {
    const root = await fetcher.fetch(rawUrl);
    const notText = { message: URL_NOT_TEXT, where: rawUrl };
    const refs = scanFileRefs(root.bytes);
    if (refs.length === 0) return { kind: "bytes", bytes: root.bytes, notText };

    const base = new URL(root.url);
    const entry = entryPath(base);
    const files: Record<string, Uint8Array> = { [entry]: root.bytes };
    const unfetched: Record<string, string> = {};
    const seen = new Set<string>([entry]);
    let totalBytes = root.bytes.length;
    const deadline = Date.now() + (options.totalTimeoutMs ?? URL_FILES_LIMITS.totalTimeoutMs);
    const queue: Pending[] = [];
    const enqueue = (from: string, refFiles: string[], depth: number) => {
      for (const ref of refFiles) {
        const path = siblingPath(from, ref);
        if (path === null || seen.has(path)) continue;
        if (seen.size >= URL_FILES_LIMITS.maxFiles) {
          throw specError(`The spec at the URL references more than ${URL_FILES_LIMITS.maxFiles} files`, from);
        }
        if (depth > URL_FILES_LIMITS.maxDepth) {
          throw specError(
            `The spec's files reference each other more than ${URL_FILES_LIMITS.maxDepth} levels deep`,
            from,
          );
        }
        seen.add(path);
        queue.push({ path, depth });
      }
    };
    enqueue(entry, refs, 1);

    const fetchOne = async ({ path, depth }: Pending) => {
      if (Date.now() > deadline) {
        throw specError(
          `Fetching the spec's files took longer than ${(options.totalTimeoutMs ?? URL_FILES_LIMITS.totalTimeoutMs) / 1000} s`,
          "",
        );
      }
      const url = `${base.origin}${encodeURI(`/${path}`)}`;
      try {
        const file = await fetcher.fetch(url);
        totalBytes += file.bytes.length;
        if (totalBytes > URL_FILES_LIMITS.maxTotalBytes) {
          throw specError(
            `The spec's files at the URL are larger than ${formatBytes(URL_FILES_LIMITS.maxTotalBytes)} together`,
            url,
          );
        }
        files[path] = file.bytes;
        enqueue(path, scanFileRefs(file.bytes), depth + 1);
      } catch (error) {
        // Only refusals of this one file are kept for the bundler; limits of the whole crawl stop it.
        if (!isAppError(error) || error.details?.where !== url) throw error;
        unfetched[path] = `${url}: ${error.message}`;
      }
    };
    await drain(queue, fetchOne);
    return { kind: "files", files, entry, unfetched };
  } finally {
    await fetcher.close();
  }
}

/** The root's path on its host, as an upload path ("specs/v1/openapi.yaml"); a directory URL gets a file name. */
function entryPath(url: URL): string {
  let path = safeDecode(url.pathname).replace(/^\/+/, "");
  if (path === "" || path.endsWith("/")) path += "openapi";
  return normalizeUploadPath(path);
}

/** A ref's file resolved the bundler's way; null when it leaves the host's root (the bundler refuses that ref). */
function siblingPath(from: string, ref: string): string | null {
  try {
    return resolveRefFile(from, ref, from);
  } catch {
    return null;
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Runs `work` over the queue, which grows as files are read, with a few at a time; the first failure ends it. */
function drain(queue: Pending[], work: (item: Pending) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let active = 0;
    let failed = false;
    const pump = () => {
      if (failed) return;
      while (active < URL_FILES_LIMITS.concurrency) {
        const next = queue.shift();
        if (!next) break;
        active++;
        work(next).then(
          () => {
            active--;
            pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
      if (active === 0 && queue.length === 0) resolve();
    };
    pump();
  });
}

/*
 * Spec sections 4 and 9: when a code chunk fails to load (typically after a deployment replaced the hashed files the
 * open page still refers to), reload the page, at most once per 60 s, so a chunk that is really gone cannot cause a
 * reload loop. The time of the last reload is kept in sessionStorage (per tab, survives the reload).
 */

export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = "portico:chunk-reload-at";

// Chromium, Firefox and Safari wordings of a failed dynamic import, and Vite's preload failure.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason ?? "");
  return CHUNK_ERROR.test(message);
}

/** Whether a reload is allowed now, given when the last chunk reload happened (null: never in this tab). */
export function mayReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

interface ReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
  now: () => number;
}

/** Reloads for a chunk-load failure unless one happened in the last 60 s; returns whether it reloaded. */
export function reloadForChunkError(reason: unknown, deps: ReloadDeps): boolean {
  if (!isChunkLoadError(reason)) return false;
  const stored = deps.storage.getItem(STORAGE_KEY);
  const now = deps.now();
  if (!mayReload(now, stored === null ? null : Number(stored))) return false;
  deps.storage.setItem(STORAGE_KEY, String(now));
  deps.reload();
  return true;
}

/** Installs the guard on the window (Vite's preload event and unhandled dynamic-import rejections). */
export function installChunkReloadGuard(win: Window): () => void {
  const deps: ReloadDeps = { storage: win.sessionStorage, reload: () => win.location.reload(), now: () => Date.now() };
  const onPreload = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadForChunkError(payload ?? "Unable to preload CSS", deps)) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (reloadForChunkError(event.reason, deps)) event.preventDefault();
  };
  win.addEventListener("vite:preloadError", onPreload);
  win.addEventListener("unhandledrejection", onRejection);
  return () => {
    win.removeEventListener("vite:preloadError", onPreload);
    win.removeEventListener("unhandledrejection", onRejection);
  };
}

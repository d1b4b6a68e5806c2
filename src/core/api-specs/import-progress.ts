import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import type { SpecStage } from "../specs/normalize-spec.types";

/** The steps of an import as the studio shows them: waiting, downloading, the normalizer's steps, storing. */
export type ImportStage = "queued" | "fetching" | SpecStage | "saving" | "done" | "failed";

export interface ImportProgress {
  stage: ImportStage;
  /** How many endpoints are being stored ("saving"), else null. */
  endpoints: number | null;
  /** Milliseconds since the import started. */
  elapsedMs: number;
}

/** Reports the steps of one import as they start. */
export type ImportStageReporter = (stage: ImportStage, endpoints?: number) => void;

/** A client-chosen name for one import, so the page that posted it can ask how far it got. */
export const PROGRESS_TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

const LIMITS = {
  // A finished import stays readable for a moment: the page's last poll may come after the answer.
  keepMs: 10 * 60_000,
  maxEntries: 2_000,
} as const;

interface Entry {
  stage: ImportStage;
  endpoints: number | null;
  startedAt: number;
  updatedAt: number;
}

/**
 * How far the running imports of this process got, by tenant, user and token: only the user who started an import
 * can read it. In memory and per process: in scale-out mode a poll that reaches another instance finds nothing and
 * the page keeps its generic "Importing…" text.
 */
export class ImportProgressBoard {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A reporter for one import; a token that is not a valid name gives a reporter that records nothing. */
  track(tenantId: string, userId: string, token: string | null | undefined): ImportStageReporter {
    if (!token || !PROGRESS_TOKEN.test(token)) return () => {};
    const key = keyOf(tenantId, userId, token);
    this.prune();
    const started = this.now();
    this.entries.set(key, { stage: "queued", endpoints: null, startedAt: started, updatedAt: started });
    return (stage, endpoints) => {
      const entry = this.entries.get(key);
      if (!entry) return;
      entry.stage = stage;
      entry.endpoints = endpoints ?? null;
      entry.updatedAt = this.now();
    };
  }

  read(tenantId: string, userId: string, token: string): ImportProgress | null {
    if (!PROGRESS_TOKEN.test(token)) return null;
    const entry = this.entries.get(keyOf(tenantId, userId, token));
    if (!entry) return null;
    return { stage: entry.stage, endpoints: entry.endpoints, elapsedMs: this.now() - entry.startedAt };
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.updatedAt > LIMITS.keepMs) this.entries.delete(key);
    }
    // Map order is insertion order: past the bound, the oldest imports are forgotten first.
    for (const key of this.entries.keys()) {
      if (this.entries.size < LIMITS.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/** The progress of one of the viewer's own imports; null when there is none by that token (or it is another's). */
export function getImportProgress(
  board: ImportProgressBoard,
  tenantId: string,
  viewer: Viewer | null,
  token: string,
): ImportProgress | null {
  const v = requireViewer(viewer, tenantId);
  return board.read(tenantId, v.id, token);
}

function keyOf(tenantId: string, userId: string, token: string): string {
  return `${tenantId}\u0000${userId}\u0000${token}`;
}

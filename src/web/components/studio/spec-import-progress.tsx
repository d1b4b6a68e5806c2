import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { graphqlRequest } from "../../lib/graphql-client";

const PROGRESS_QUERY = `query SpecImportProgress($token: String!) {
  specImportProgress(token: $token) { stage endpoints }
}`;

/** Imports that answer within this time show no progress line: it would only flicker. */
const SHOW_AFTER_MS = 1_000;
const POLL_EVERY_MS = 700;

interface Progress {
  stage: string;
  endpoints: number | null;
}

/** A fresh name for one import: 128 random bits (crypto.getRandomValues also works on plain-http addresses). */
export function newProgressToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * While an import posted with `token` runs: after a second, the step it is at ("Parsing…", "Saving 1,204
 * endpoints…") and the seconds so far, asked from specImportProgress. A poll that fails or finds nothing (another
 * instance served the post) keeps the generic "Importing…".
 */
export function SpecImportProgress(props: { token: string | null }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [visible, setVisible] = useState(false);
  const { token } = props;

  useEffect(() => {
    setProgress(null);
    setSeconds(0);
    setVisible(false);
    if (!token) return;
    const started = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const poll = async () => {
      if (stopped) return;
      setVisible(true);
      setSeconds(Math.floor((Date.now() - started) / 1000));
      try {
        const data = await graphqlRequest<{ specImportProgress: Progress | null }>(PROGRESS_QUERY, { token });
        if (!stopped && data.specImportProgress) setProgress(data.specImportProgress);
      } catch {
        // Progress is a courtesy: the import's own answer reports any failure.
      }
      if (!stopped) timer = setTimeout(poll, POLL_EVERY_MS);
    };
    timer = setTimeout(poll, SHOW_AFTER_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [token]);

  if (!token || !visible) return null;
  return (
    <div role="status" aria-live="polite" data-testid="import-progress" className="flex flex-col gap-1.5">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-accent-fill" />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <span data-testid="import-stage" data-stage={progress?.stage ?? ""}>
          {stageText(t, progress)}
        </span>{" "}
        <span className="text-slate-500 dark:text-slate-400">{t("studio.import.progress.elapsed", { seconds })}</span>
      </p>
    </div>
  );
}

const STAGES = new Set([
  "queued",
  "fetching",
  "reading",
  "parsing",
  "checking",
  "converting",
  "endpoints",
  "comparing",
  "done",
]);

function stageText(t: TFunction, progress: Progress | null): string {
  if (progress?.stage === "saving") return t("studio.import.progress.saving", { count: progress.endpoints ?? 0 });
  if (progress && STAGES.has(progress.stage)) return t(`studio.import.progress.${progress.stage}`);
  return t("studio.import.progress.working");
}

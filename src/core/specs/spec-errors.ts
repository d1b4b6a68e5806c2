import { AppError } from "../errors/app-error";

/** Limits that keep hostile documents cheap to refuse. */
export const SPEC_LIMITS = {
  defaultMaxBytes: 10 * 1024 * 1024,
  maxDepth: 200,
  // The largest real spec (3 MB) holds ~42k values: 500k only stops YAML alias expansion and absurd inputs.
  maxValues: 500_000,
  // YAML is bounded by what its parser costs, measured with `npm run bench:yaml-limits` (decision 110): ~3 µs and
  // 150-300 B of heap per lexer token. Real specs hold 0.09-0.2 tokens per byte (the densest, 0.2, reach the old 600k
  // cap at ~3 MB), so 2M tokens admits every real spec up to the 10 MB size limit; 2M tokens parse in ~6 s within the
  // worker's 20 s cap, and a denser hostile document that outgrows its 768 MB heap is refused by the worker (061).
  maxYamlTokens: 2_000_000,
  // Block and plain multi-line scalars are one token but cost the parser per line (~0.7 µs): real specs hold
  // ~25k lines per MB, so 1M lines is 4x the 10 MB limit's worth and parses in about a second.
  maxYamlLines: 1_000_000,
  // Alias resolution in `yaml` is linear in the number of anchors and aliases before it, per alias.
  maxYamlAnchors: 1_000,
  maxYamlAliases: 1_000,
  maxAliasCount: 100,
  // The largest real APIs list ~1,000 operations; swagger2openapi takes ~2.5 s for 20k crafted ones.
  maxOperations: 5_000,
  maxRefHops: 32,
} as const;

/**
 * Every normalizer failure is a BAD_REQUEST naming what is wrong and where (JSON pointer or line:column). `where` is
 * "" when no place in the document is at fault (a size or count over a limit): the UI then shows no "Where:" line.
 */
export function specError(message: string, where: string): AppError {
  return new AppError("BAD_REQUEST", message, { where });
}

export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (Number.isInteger(mb)) return `${mb} MB`;
  const kb = bytes / 1024;
  if (Number.isInteger(kb)) return `${kb} KB`;
  return `${bytes} bytes`;
}

import { AppError } from "../errors/app-error";

/** Limits that keep hostile documents cheap to refuse. */
export const SPEC_LIMITS = {
  defaultMaxBytes: 10 * 1024 * 1024,
  maxDepth: 200,
  // The largest real spec (3 MB) holds ~42k values: 500k only stops YAML alias expansion and absurd inputs.
  maxValues: 500_000,
  // The `yaml` parser needs ~2 µs and ~0.5 KB per token, so YAML is bounded by tokens rather than bytes:
  // 600k tokens is about 7 MB of typical spec YAML (the 3 MB spec above is 281k tokens as YAML).
  maxYamlTokens: 600_000,
  // Block and multi-line scalars are one token each but still cost the parser per line (that spec: 91k lines).
  maxYamlLines: 250_000,
  // Alias resolution in `yaml` is linear in the number of anchors and aliases before it, per alias.
  maxYamlAnchors: 1_000,
  maxYamlAliases: 1_000,
  maxAliasCount: 100,
  // The largest real APIs list ~1,000 operations; swagger2openapi takes ~2.5 s for 20k crafted ones.
  maxOperations: 5_000,
  maxRefHops: 32,
} as const;

/** Every normalizer failure is a BAD_REQUEST naming what is wrong and where (JSON pointer or line:column). */
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

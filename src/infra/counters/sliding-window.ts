/*
 * Rate limit maths: a sliding window kept as sub-buckets of width s = ceil(T / K) (K = SUB_BUCKETS, s >= 1 ms), and
 * span = ceil(T / s) <= K of them cover the window. A call at time t is admitted only if the calls counted in buckets
 * floor(t/s)-span .. floor(t/s) number fewer than N. Those buckets start at or before t - T (because span*s >= T), so every half-open window (t - T, t] ending at an
 * admission holds at most N admissions: the limit holds in ANY window of length T, not just aligned ones (a fixed
 * window allows 2N across a boundary; a token bucket with burst N allows 2N in a window). The price is being
 * conservative: a freed slot becomes usable at most two sub-buckets (2s, about T/10) later than an exact log would allow.
 * The same maths runs in the Redis Lua script (redis-scripts.ts); keep the two in step.
 */

export const SUB_BUCKETS = 20;

export interface WindowSpec {
  /** N: calls allowed in any window of windowMs. */
  limit: number;
  /** T */
  windowMs: number;
}

export function subBucketWidth(windowMs: number): number {
  return Math.max(1, Math.ceil(windowMs / SUB_BUCKETS));
}

/** The ring of sub-bucket counts for one subscription; slot i holds bucket index stamps[i]. */
export interface WindowState {
  counts: number[];
  stamps: number[];
}

export function newWindowState(): WindowState {
  return { counts: new Array(SUB_BUCKETS + 1).fill(0), stamps: new Array(SUB_BUCKETS + 1).fill(-1) };
}

export interface WindowCheck {
  admitted: boolean;
  /** Calls left in the current window after this decision. */
  remaining: number;
  /** Milliseconds until the oldest counted call leaves the window (0 when nothing is counted). */
  resetMs: number;
  /** Milliseconds until a call would be admitted (0 when admitted). */
  retryAfterMs: number;
}

/** How many whole sub-buckets cover the window: K, or fewer for windows under K milliseconds. */
export function windowSpan(windowMs: number): number {
  return Math.ceil(windowMs / subBucketWidth(windowMs));
}

/** Calls counted in bucket `index` (0 when its slot holds another bucket). */
function countIn(state: WindowState, index: number): number {
  if (index < 0) return 0;
  const slot = index % (SUB_BUCKETS + 1);
  return state.stamps[slot] === index ? (state.counts[slot] ?? 0) : 0;
}

/** Counts one admitted call in the bucket of `nowMs` (what checkWindow does when it admits with record = true). */
export function recordWindow(state: WindowState, spec: WindowSpec, nowMs: number): void {
  const bucket = Math.floor(nowMs / subBucketWidth(spec.windowMs));
  const slot = bucket % (SUB_BUCKETS + 1);
  const current = state.stamps[slot] === bucket ? (state.counts[slot] ?? 0) : 0;
  state.stamps[slot] = bucket;
  state.counts[slot] = current + 1;
}

/**
 * Decides one call at `nowMs` and, when admitted, records it in `state`. Runs on every gateway call: no arrays or
 * closures are allocated (the bucket with index `first + j` stops being counted once the current bucket reaches
 * first + j + span + 1, i.e. after (bucket + j + 1) * s).
 */
export function checkWindow(state: WindowState, spec: WindowSpec, nowMs: number, record = true): WindowCheck {
  const s = subBucketWidth(spec.windowMs);
  const span = Math.ceil(spec.windowMs / s);
  const bucket = Math.floor(nowMs / s);
  const first = bucket - span;
  let sum = 0;
  let resetMs = 0;
  for (let j = 0; j <= span; j++) {
    const c = countIn(state, first + j);
    if (c > 0) {
      sum += c;
      if (resetMs === 0) resetMs = (bucket + j + 1) * s - nowMs;
    }
  }
  if (sum < spec.limit) {
    if (record) {
      recordWindow(state, spec, nowMs);
      if (resetMs === 0) resetMs = (bucket + span + 1) * s - nowMs;
    }
    return { admitted: true, remaining: spec.limit - sum - (record ? 1 : 0), resetMs, retryAfterMs: 0 };
  }
  // Earliest bucket whose expiry brings the count below the limit.
  let left = sum;
  let retryAfterMs = (bucket + span + 1) * s - nowMs;
  for (let j = 0; j <= span; j++) {
    left -= countIn(state, first + j);
    if (left < spec.limit) {
      retryAfterMs = (bucket + j + 1) * s - nowMs;
      break;
    }
  }
  return { admitted: false, remaining: 0, resetMs, retryAfterMs };
}

/** The notification badge's poll (decision 085): every 30 s while the count moves, backing off to 5 min. */
export const POLL_MIN_MS = 30_000;
export const POLL_MAX_MS = 5 * 60_000;

/** The next wait: the minimum again when the count changed, else doubled (an unchanged or failed answer), capped. */
export function nextPollDelay(delay: number, changed: boolean): number {
  return changed ? POLL_MIN_MS : Math.min(POLL_MAX_MS, delay * 2);
}

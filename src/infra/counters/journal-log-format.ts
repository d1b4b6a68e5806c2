import type { JournalDelta } from "./journal-table";

/*
 * The text of a billing journal log (docs/decisions/030-exact-billing-counter.md, 037-durable-usage-records.md):
 *   d <index> ["tenant","subscription","scope",periodStart]   defines a counter once per log
 *   <index> <n>                                                adds n calls to a counter
 *   r <index>[,<index>…] <record>                              a billed call's usage record: one call on each counter
 *   u <record>                                                 an unbilled record, or a running call carried over
 * Every line ends with a newline; a torn last line (the process died inside the write) is ignored.
 */

export function counterKey(subscriptionId: string, scope: string, periodStart: number): string {
  return `${subscriptionId}\u0000${scope}\u0000${periodStart}`;
}

/** Sums of one log file: its counters by key. A torn last line (no newline) is ignored. */
export function parseLog(text: string): Map<string, JournalDelta> {
  const byIndex = new Map<number, JournalDelta>();
  const out = new Map<string, JournalDelta>();
  let start = 0;
  for (let end = text.indexOf("\n"); end >= 0; start = end + 1, end = text.indexOf("\n", start)) {
    const line = text.slice(start, end);
    if (line.startsWith("d ")) {
      const space = line.indexOf(" ", 2);
      const index = Number(line.slice(2, space));
      const [tenantId, subscriptionId, scope, periodStart] = JSON.parse(line.slice(space + 1)) as [
        string,
        string,
        string,
        number,
      ];
      const key = counterKey(subscriptionId, scope, periodStart);
      const entry = out.get(key) ?? { tenantId, subscriptionId, scope, periodStart, delta: 0 };
      out.set(key, entry);
      byIndex.set(index, entry);
      continue;
    }
    if (line.startsWith("r ")) {
      // A billed usage record: one call on each counter it lists.
      const space = line.indexOf(" ", 2);
      for (const index of line.slice(2, space).split(",")) {
        const entry = byIndex.get(Number(index));
        if (entry) entry.delta += 1;
      }
      continue;
    }
    if (line.startsWith("u ")) continue;
    const space = line.indexOf(" ");
    const entry = byIndex.get(Number(line.slice(0, space)));
    const n = Number(line.slice(space + 1));
    if (entry && Number.isFinite(n)) entry.delta += n;
  }
  return out;
}

/** The usage records of one log file (billed "r" and unbilled or carried "u" lines), in order; a torn last line is ignored. */
export function parseLogEntries(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let end = text.indexOf("\n"); end >= 0; start = end + 1, end = text.indexOf("\n", start)) {
    if (text.startsWith("u ", start)) lines.push(text.slice(start + 2, end));
    else if (text.startsWith("r ", start)) {
      const space = text.indexOf(" ", start + 2);
      if (space > 0 && space < end) lines.push(text.slice(space + 1, end));
    }
  }
  return lines;
}

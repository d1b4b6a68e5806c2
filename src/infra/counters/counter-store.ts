import type { QuotaPeriodName } from "../../core/plans/quota-period";
import type { WindowSpec } from "./sliding-window";

/** One quota a call counts against: the plan's own, or a plan object's (per-endpoint) quota. */
export interface QuotaSpec {
  /** "plan" or the plan object id; part of the billing counter key. */
  scope: string;
  /** null: unlimited, the call is still counted for billing. */
  limit: number | null;
  period: QuotaPeriodName;
  /** true: refuse beyond the limit; false: admit and count as overage. */
  hard: boolean;
}

export interface LimitRequest {
  tenantId: string;
  subscriptionId: string;
  rate: WindowSpec | null;
  quotas: QuotaSpec[];
}

export interface LimitHeaders {
  limit: number;
  remaining: number;
  resetMs: number;
}

export type LimitReason = "ok" | "rate_limited" | "quota_exceeded";

export interface LimitDecision {
  admitted: boolean;
  reason: LimitReason;
  /** Set when the plan has a rate limit. */
  rate: LimitHeaders | null;
  /** The plan-level quota (or the first limited quota, or on a refusal the quota that refused), when there is one. */
  quota: LimitHeaders | null;
  retryAfterMs: number;
  /** The scope ("plan" or a plan object's id) of the hard quota that refused the call; null otherwise. */
  refusedScope: string | null;
  /** Admitted beyond a soft quota: billed as overage. */
  overage: boolean;
  /** Pass back to commit() or release(); null when the call was refused. */
  ticket: CounterTicket | null;
}

/** What an admitted call holds until it is answered (commit) or fails before answering (release). */
export interface CounterTicket {
  readonly tenantId: string;
  readonly subscriptionId: string;
  /** Counter identities the call was reserved against: scope and period start. */
  readonly counters: ReadonlyArray<{ readonly scope: string; readonly periodStart: number }>;
}

/** Waits for a commit to become durable: `committed(null)` then, or `committed(error)` when it could not be. */
export interface CommitWaiter {
  committed(error: unknown): void;
}

/**
 * A usage record that rides on the billing journal's writes (embedded mode, docs/decisions/037-durable-usage-records.md).
 * The journal asks for its line when it writes the group it joined and then sets logSeq to the log it landed in.
 */
export interface JournalEntry {
  /** One line of text without a newline (the record, with an id that tells repeated lines of one call apart). */
  journalLine(): string;
  /** The journal log the entry was last written to; 0 until it is written. */
  logSeq: number;
}

/**
 * The usage side of the embedded billing journal: every usage record is written to the journal log, a billed call's
 * in the same write(2) as its billing increment (before the answer), so a crash loses neither or both. The log files
 * stay on disk until the metering writer says the database holds their records (`release`).
 */
export interface UsageLog {
  /** Identifies the journal in the database's marks (usage_journal_marks). */
  readonly id: string;
  /** Adds an unbilled record (a refusal or failure) to the current group: on disk by the end of this event-loop turn. */
  append(entry: JournalEntry): void;
  /** The highest log closed to new entries: every entry written to logs up to it has its logSeq set. */
  sealedSeq(): number;
  /** The entry lines of the log files a previous process left, oldest log first (read once, at start). */
  leftovers(): Array<{ seq: number; lines: string[] }>;
  /** The database holds every record of the logs up to seq: the files go once billing folded them too. */
  release(seq: number): void;
  /** Calls billed and still in flight: their lines are written again into each new log when it opens. */
  setCarry(carry: () => Iterable<JournalEntry>): void;
}

/**
 * Exact rate limits and quotas. decide() reserves; commit() makes the call billed and resolves once that is durable
 * (the caller answers the client only afterwards); release() hands back a reservation for a call that was never
 * answered (client gone, upstream unreachable). Overshoot under concurrency is zero: reservations count against limits.
 */
export interface CounterStore {
  readonly kind: "memory" | "redis";
  decide(request: LimitRequest): LimitDecision | Promise<LimitDecision>;
  /** undefined when already durable. `entry`: the call's usage record, made durable with the increment (usageLog). */
  commit(ticket: CounterTicket, entry?: JournalEntry): Promise<void> | undefined;
  /**
   * The hot path's commit, without a promise per call: true when already durable (the waiter is not called), false
   * when `waiter.committed` will be called once it is (or once it failed).
   */
  commitWith(ticket: CounterTicket, waiter: CommitWaiter, entry?: JournalEntry): boolean;
  /** Where usage records are made durable with the billing counter; null when they are not (scale-out). */
  readonly usageLog: UsageLog | null;
  release(ticket: CounterTicket): void;
  /** Billed count of one counter (tests, dashboards). */
  billedCount(subscriptionId: string, scope: string, periodStart: number): Promise<number>;
  /** Counters changed since the last call, for the billing_counters table in the main database. */
  drainChangedCounters(): Promise<BilledCounter[]>;
  close(): Promise<void>;
}

export interface BilledCounter {
  tenantId: string;
  subscriptionId: string;
  scope: string;
  periodStart: number;
  count: number;
}

import { nextPeriodStart, periodStart } from "../../core/plans/quota-period";
import { BillingJournal, type JournalCounter } from "./billing-journal";
import type {
  BilledCounter,
  CommitWaiter,
  CounterStore,
  CounterTicket,
  JournalEntry,
  LimitDecision,
  LimitRequest,
  QuotaSpec,
  UsageLog,
} from "./counter-store";
import { checkWindow, newWindowState, recordWindow, type WindowState } from "./sliding-window";

interface QuotaState {
  readonly tenantId: string;
  readonly subscriptionId: string;
  readonly scope: string;
  /** Billed: answered calls, durable in the journal (or about to be, inside a pending group commit). */
  committed: number;
  /** Admitted calls not yet answered: they count against the limit so concurrency cannot overshoot. */
  reserved: number;
  periodStart: number;
  /** When the period ends; Infinity until known (a commit arriving for a counter this process has not decided on). */
  periodEnd: number;
  /** The journal's counter, looked up on the first commit. */
  journal: JournalCounter | null;
}

/** A ticket that points at the quota states it reserved, so commit and release need no lookups. */
class MemoryTicket implements CounterTicket {
  constructor(
    readonly tenantId: string,
    readonly subscriptionId: string,
    readonly states: QuotaState[],
  ) {}

  get counters(): Array<{ scope: string; periodStart: number }> {
    return this.states.map((s) => ({ scope: s.scope, periodStart: s.periodStart }));
  }
}

/** A monotonic millisecond clock for rate limits: wall-clock steps backwards must not reopen a window. */
function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Resolves a promise when the group commit it joined is durable (the non-hot-path commit()). */
class PromiseWaiter implements CommitWaiter {
  resolve: () => void = () => {};
  reject: (error: unknown) => void = () => {};
  readonly promise = new Promise<void>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });

  committed(error: unknown): void {
    if (error === null) this.resolve();
    else this.reject(error);
  }
}

/**
 * Embedded mode: every decision is synchronous and in memory; the billing counter is persisted by group commit to a
 * BillingJournal (one append per event-loop turn) before any answer that it bills leaves the process. One gateway
 * process per journal file.
 */
export class MemoryCounterStore implements CounterStore {
  readonly kind = "memory" as const;
  private readonly windows = new Map<string, WindowState>();
  private readonly quotas = new Map<string, QuotaState>();
  /** The state a quota spec (one object per cached subscription) used last: skips the period maths and the key. */
  private readonly bySpec = new WeakMap<QuotaSpec, QuotaState>();
  private waiters: CommitWaiter[] = [];
  private flushScheduled = false;
  private lastSweep = 0;
  private readonly flushBound = () => this.flush();
  /** The journal's usage side; appending an unbilled record schedules the group write like a commit does. */
  readonly usageLog: UsageLog;

  constructor(
    private readonly journal: BillingJournal,
    private readonly clock: { wall: () => number; monotonic: () => number } = {
      wall: Date.now,
      monotonic: monotonicNow,
    },
  ) {
    this.usageLog = {
      id: journal.id,
      append: (entry) => {
        journal.addEntry(entry, null);
        this.schedule();
      },
      sealedSeq: () => journal.sealedSeq(),
      leftovers: () => journal.leftovers(),
      release: (seq) => journal.release(seq),
      setCarry: (carry) => journal.setCarry(carry),
    };
  }

  /** `retainLogs`: the journal also carries usage records (usageLog) and keeps logs until their records are stored. */
  static open(file: string, options: { fsync?: boolean; retainLogs?: boolean } = {}): MemoryCounterStore {
    return new MemoryCounterStore(new BillingJournal(file, { ...options, owner: true }));
  }

  private quotaState(
    tenantId: string,
    subscriptionId: string,
    scope: string,
    start: number,
    end = Number.POSITIVE_INFINITY,
  ): QuotaState {
    const key = `${subscriptionId}\u0000${scope}\u0000${start}`;
    let state = this.quotas.get(key);
    if (!state) {
      // First sight of this counter in this process: the journal holds what earlier processes billed.
      const committed = this.journal.read(subscriptionId, scope, start);
      state = {
        tenantId,
        subscriptionId,
        scope,
        committed,
        reserved: 0,
        periodStart: start,
        periodEnd: end,
        journal: null,
      };
      this.quotas.set(key, state);
    } else if (state.periodEnd === Number.POSITIVE_INFINITY) {
      state.periodEnd = end;
    }
    return state;
  }

  private stateFor(request: LimitRequest, q: QuotaSpec, wall: number): QuotaState {
    const cached = this.bySpec.get(q);
    if (
      cached !== undefined &&
      cached.subscriptionId === request.subscriptionId &&
      wall >= cached.periodStart &&
      wall < cached.periodEnd
    ) {
      return cached;
    }
    const state = this.quotaState(
      request.tenantId,
      request.subscriptionId,
      q.scope,
      periodStart(q.period, wall),
      nextPeriodStart(q.period, wall),
    );
    this.bySpec.set(q, state);
    return state;
  }

  decide(request: LimitRequest): LimitDecision {
    const wall = this.clock.wall();
    if (wall - this.lastSweep >= 60_000) this.sweep(wall);
    let window: WindowState | undefined;
    let rateCheck = null;
    let monotonic = 0;
    if (request.rate) {
      window = this.windows.get(request.subscriptionId);
      if (!window) {
        window = newWindowState();
        this.windows.set(request.subscriptionId, window);
      }
      monotonic = this.clock.monotonic();
      rateCheck = checkWindow(window, request.rate, monotonic, false);
    }
    let quotaRefused = false;
    let refusedScope: string | null = null;
    let refusedHeaders: LimitDecision["quota"] = null;
    let quotaRetry = 0;
    let overage = false;
    let quotaHeaders: LimitDecision["quota"] = null;
    const quotas = request.quotas;
    const states: QuotaState[] = new Array(quotas.length);
    for (let i = 0; i < quotas.length; i++) {
      const q = quotas[i] as QuotaSpec;
      const state = this.stateFor(request, q, wall);
      states[i] = state;
      if (q.limit === null) continue;
      const used = state.committed + state.reserved;
      const resetMs = state.periodEnd - wall;
      if (used >= q.limit) {
        if (q.hard) {
          quotaRefused = true;
          quotaRetry = Math.max(quotaRetry, resetMs);
          if (refusedScope === null) {
            refusedScope = q.scope;
            refusedHeaders = { limit: q.limit, remaining: 0, resetMs };
          }
        } else {
          overage = true;
        }
      }
      if (!quotaHeaders) quotaHeaders = { limit: q.limit, remaining: Math.max(0, q.limit - used), resetMs };
    }
    const rateRefused = rateCheck !== null && !rateCheck.admitted;
    if (quotaRefused || rateRefused) {
      return {
        admitted: false,
        reason: quotaRefused ? "quota_exceeded" : "rate_limited",
        rate:
          rateCheck && request.rate ? { limit: request.rate.limit, remaining: 0, resetMs: rateCheck.resetMs } : null,
        quota: refusedHeaders ?? quotaHeaders,
        retryAfterMs: Math.max(quotaRefused ? quotaRetry : 0, rateCheck?.retryAfterMs ?? 0),
        refusedScope,
        overage: false,
        ticket: null,
      };
    }
    let rate: LimitDecision["rate"] = null;
    if (window && rateCheck && request.rate) {
      // The check above saw the window without this call: count it, and derive the headers from that check.
      recordWindow(window, request.rate, monotonic);
      const resetMs =
        rateCheck.resetMs > 0 ? rateCheck.resetMs : checkWindow(window, request.rate, monotonic, false).resetMs;
      rate = { limit: request.rate.limit, remaining: rateCheck.remaining - 1, resetMs };
    }
    for (const state of states) state.reserved += 1;
    if (quotaHeaders) quotaHeaders.remaining = Math.max(0, quotaHeaders.remaining - 1);
    return {
      admitted: true,
      reason: "ok",
      rate,
      quota: quotaHeaders,
      retryAfterMs: 0,
      refusedScope: null,
      overage,
      ticket: new MemoryTicket(request.tenantId, request.subscriptionId, states),
    };
  }

  private statesOf(ticket: CounterTicket): QuotaState[] {
    if (ticket instanceof MemoryTicket) return ticket.states;
    return ticket.counters.map((c) => this.quotaState(ticket.tenantId, ticket.subscriptionId, c.scope, c.periodStart));
  }

  commitWith(ticket: CounterTicket, waiter: CommitWaiter, entry?: JournalEntry): boolean {
    const states = this.statesOf(ticket);
    // With a usage record, the increments are its "r" line: record and billing share one line of the same write.
    const counters: JournalCounter[] | null = entry ? new Array(states.length) : null;
    for (let i = 0; i < states.length; i++) {
      const state = states[i] as QuotaState;
      state.reserved = Math.max(0, state.reserved - 1);
      state.committed += 1;
      if (state.journal === null) {
        state.journal = this.journal.counter(state.tenantId, state.subscriptionId, state.scope, state.periodStart);
      }
      if (counters) counters[i] = state.journal;
      else this.journal.add(state.journal);
    }
    if (entry) this.journal.addEntry(entry, counters);
    this.waiters.push(waiter);
    this.schedule();
    return false;
  }

  /** Group commit: every call answered in this turn of the event loop shares one journal append. */
  private schedule(): void {
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flushBound);
    }
  }

  commit(ticket: CounterTicket, entry?: JournalEntry): Promise<void> {
    const waiter = new PromiseWaiter();
    this.commitWith(ticket, waiter, entry);
    return waiter.promise;
  }

  private flush(): void {
    this.flushScheduled = false;
    const waiters = this.waiters;
    this.waiters = [];
    let failure: unknown = null;
    try {
      this.journal.appendGroup();
    } catch (error) {
      // Nothing is answered on a failed write; the in-memory count stays raised, so billing can only err high.
      failure = error;
    }
    for (const w of waiters) w.committed(failure);
  }

  release(ticket: CounterTicket): void {
    for (const state of this.statesOf(ticket)) state.reserved = Math.max(0, state.reserved - 1);
  }

  async billedCount(subscriptionId: string, scope: string, start: number): Promise<number> {
    return this.journal.read(subscriptionId, scope, start);
  }

  async drainChangedCounters(): Promise<BilledCounter[]> {
    return this.journal.drainChanged();
  }

  /** Forgets counters of past periods that hold no reservation (bounded memory over months of uptime). */
  private sweep(wall: number): void {
    this.lastSweep = wall;
    for (const [key, state] of this.quotas) {
      if (state.reserved === 0 && state.periodEnd <= wall) this.quotas.delete(key);
    }
  }

  async close(): Promise<void> {
    if (this.flushScheduled) this.flush();
    this.journal.close();
  }
}

import fs from "node:fs";
import path from "node:path";
import type { BilledCounter, JournalEntry } from "./counter-store";
import { counterKey, parseLog, parseLogEntries } from "./journal-log-format";
import { type JournalDelta, JournalTable } from "./journal-table";

/** One billing counter as the journal knows it; the memory store keeps a reference and adds to it. */
export interface JournalCounter {
  readonly tenantId: string;
  readonly subscriptionId: string;
  readonly scope: string;
  readonly periodStart: number;
  /** Index of the counter in the current log file (-1: not defined in it yet). */
  logIndex: number;
  /** Which log file logIndex belongs to. */
  logSeq: number;
  /** Calls appended to log files and not yet folded into the SQLite table. */
  unfolded: number;
  /** Calls added since the last append (the current group). */
  groupDelta: number;
}

const LOG_FOLD_BYTES = 4 * 1024 * 1024;

/*
 * The embedded billing counter's durable half (docs/decisions/030-exact-billing-counter.md).
 *
 * Hot path: an append-only text log next to the SQLite file. The calls answered in one turn of the event loop are
 * one write(2) of a few bytes ("<counter> <n>\n"); once write returns, the bytes are in the OS page cache and survive a
 * kill -9 of the process (`fsync: true` adds fdatasync for power loss). No SQLite transaction per group: that cost
 * ten times more (B-tree pages into the WAL) and was the largest single item of the gateway's CPU per call.
 *
 * Folding: from time to time (each metering flush, or when the log passes 4 MB) the owner starts a new log file and
 * adds the old file's sums to the SQLite table in one transaction that also records the folded sequence number; then
 * it deletes the old file. A crash at any point leaves either the old file (folded_seq below it: replayed on start) or
 * the row update (folded_seq at it: the file is skipped and deleted). Counts are never lost nor added twice.
 *
 * Usage records (docs/decisions/037-durable-usage-records.md): a billed call's record is an "r" line listing the
 * counters it bills, in the same write as the rest of its group, so the billing counts of a log are derived from its
 * records and a crash keeps both or neither. Unbilled records and the carried lines of calls still in flight are "u"
 * lines. With `retainLogs`, a folded log stays on disk until the usage writer `release`s it (its records are in the
 * database); on start the writer reads the logs left behind (`leftovers`) and stores what the database lacks.
 *
 * One owner process per journal (the gateway); other handles only read (`read` adds the logs not folded yet).
 */
export class BillingJournal {
  /** The folded counters and folded_seq (journal-table.ts). */
  private readonly table: JournalTable;
  private readonly counters = new Map<string, JournalCounter>();
  private readonly fsync: boolean;
  private readonly owner: boolean;
  private readonly retainLogs: boolean;
  /** Identifies this journal in the main database's usage marks; kept in journal_meta. */
  readonly id: string;
  /** Log files up to this sequence are folded into the table (billing). */
  private foldedSeq = 0;
  /** The first log this process opened: the ones before it are a previous process's (leftovers). */
  private startSeq = 0;
  /** Usage records of the current group, and the counters each bills (null: unbilled). */
  private entries: JournalEntry[] = [];
  private entryCounters: Array<readonly JournalCounter[] | null> = [];
  /** Entries still in flight, carried into every new log (set by the usage writer). */
  private carry: (() => Iterable<JournalEntry>) | null = null;
  /** A carry that failed to be written holds back sealedSeq() below this log until a later carry succeeds. */
  private carryHold = Number.POSITIVE_INFINITY;
  private version: number;
  private drainedVersion = 0;
  private logFd = -1;
  private logSeq = 0;
  private logBytes = 0;
  private nextIndex = 0;
  /** Counters with a groupDelta, in the order they were first touched in this group. */
  private group: JournalCounter[] = [];

  constructor(
    private readonly file: string,
    options: { fsync?: boolean; owner?: boolean; retainLogs?: boolean } = {},
  ) {
    this.fsync = options.fsync === true;
    this.owner = options.owner === true;
    this.retainLogs = options.retainLogs === true;
    this.table = new JournalTable(file, { fsync: this.fsync, owner: this.owner });
    this.version = this.table.maxVersion;
    this.id = this.table.id;
    if (this.owner) this.recover();
  }

  private logPath(seq: number): string {
    return `${this.file}.log.${seq}`;
  }

  /** Log files on disk with their sequence numbers, oldest first. */
  private logFiles(): number[] {
    if (this.file === ":memory:") return [];
    const dir = path.dirname(path.resolve(this.file));
    const prefix = `${path.basename(this.file)}.log.`;
    const seqs: number[] = [];
    for (const name of fs.readdirSync(dir)) {
      if (!name.startsWith(prefix)) continue;
      const seq = Number(name.slice(prefix.length));
      if (Number.isInteger(seq) && seq > 0) seqs.push(seq);
    }
    return seqs.sort((a, b) => a - b);
  }

  /** Owner start: fold every log a previous process left (a crash), then open a fresh log. */
  private recover(): void {
    const folded = this.table.foldedSeq();
    let last = folded;
    const sums = new Map<string, JournalDelta>();
    for (const seq of this.logFiles()) {
      last = Math.max(last, seq);
      if (seq <= folded) continue;
      for (const [key, d] of parseLog(fs.readFileSync(this.logPath(seq), "utf8"))) {
        const seen = sums.get(key);
        if (seen) seen.delta += d.delta;
        else sums.set(key, { ...d });
      }
    }
    this.version += 1;
    this.table.fold([...sums.values()], this.version, last);
    this.foldedSeq = last;
    // Kept for the usage writer (their records may not be in the database yet), which releases them.
    if (!this.retainLogs) {
      for (const seq of this.logFiles()) if (seq <= last) fs.rmSync(this.logPath(seq), { force: true });
    }
    this.startSeq = last + 1;
    this.openLog(last + 1);
  }

  private openLog(seq: number): void {
    this.logSeq = seq;
    this.logBytes = 0;
    this.nextIndex = 0;
    this.logFd = this.file === ":memory:" ? -1 : fs.openSync(this.logPath(seq), "a");
  }

  /** The journal's handle on a counter (owner only); the caller adds calls with `add` and makes them durable with `appendGroup`. */
  counter(tenantId: string, subscriptionId: string, scope: string, periodStart: number): JournalCounter {
    const key = counterKey(subscriptionId, scope, periodStart);
    let c = this.counters.get(key);
    if (!c) {
      c = { tenantId, subscriptionId, scope, periodStart, logIndex: -1, logSeq: 0, unfolded: 0, groupDelta: 0 };
      this.counters.set(key, c);
    }
    return c;
  }

  /** Counts one call in the current group (durable only after appendGroup). */
  add(c: JournalCounter): void {
    if (c.groupDelta === 0) this.group.push(c);
    c.groupDelta += 1;
  }

  /**
   * Adds a usage record to the current group: billed on `counters` (one call each) when given, in the same write as
   * the rest of the group (durable only after appendGroup).
   */
  addEntry(entry: JournalEntry, counters: readonly JournalCounter[] | null): void {
    this.entries.push(entry);
    this.entryCounters.push(counters);
  }

  /** The definition line of a counter not yet defined in the current log ("" when it is). */
  private define(c: JournalCounter, defined: JournalCounter[]): string {
    if (c.logSeq === this.logSeq && c.logIndex >= 0) return "";
    c.logSeq = this.logSeq;
    c.logIndex = this.nextIndex++;
    defined.push(c);
    return `d ${c.logIndex} ${JSON.stringify([c.tenantId, c.subscriptionId, c.scope, c.periodStart])}\n`;
  }

  /** Writes the current group with one write(2); when this returns the calls survive a kill -9. */
  appendGroup(): void {
    const group = this.group;
    const entries = this.entries;
    const entryCounters = this.entryCounters;
    if (group.length === 0 && entries.length === 0) return;
    this.group = [];
    this.entries = [];
    this.entryCounters = [];
    const defined: JournalCounter[] = [];
    let text = "";
    for (const c of group) {
      text += this.define(c, defined);
      text += `${c.logIndex} ${c.groupDelta}\n`;
    }
    for (let i = 0; i < entries.length; i++) {
      const counters = entryCounters[i];
      const line = (entries[i] as JournalEntry).journalLine();
      if (!counters || counters.length === 0) {
        text += `u ${line}\n`;
        continue;
      }
      let indexes = "";
      for (const c of counters) {
        text += this.define(c, defined);
        indexes += indexes === "" ? String(c.logIndex) : `,${c.logIndex}`;
      }
      text += `r ${indexes} ${line}\n`;
    }
    try {
      this.write(text);
    } catch (error) {
      // Not durable: the group stays pending so a later append retries it (definitions included); nobody is
      // answered meanwhile.
      for (const c of defined) c.logIndex = -1;
      this.group = group.concat(this.group);
      this.entries = entries.concat(this.entries);
      this.entryCounters = entryCounters.concat(this.entryCounters);
      throw error;
    }
    for (const c of group) {
      c.unfolded += c.groupDelta;
      c.groupDelta = 0;
    }
    for (let i = 0; i < entries.length; i++) {
      (entries[i] as JournalEntry).logSeq = this.logSeq;
      const counters = entryCounters[i];
      if (counters) for (const c of counters) c.unfolded += 1;
    }
    if (this.logBytes > LOG_FOLD_BYTES) this.fold();
  }

  private write(text: string): void {
    if (this.logFd < 0) return;
    this.logBytes += fs.writeSync(this.logFd, text);
    if (this.fsync) fs.fdatasyncSync(this.logFd);
  }

  /** Lines of the calls still in flight that were written to older logs, written again into the new one. */
  private writeCarry(): void {
    if (!this.carry) return;
    const carried: JournalEntry[] = [];
    let text = "";
    for (const entry of this.carry()) {
      // 0: still in the current group, which lands in the new log anyway.
      if (entry.logSeq === 0 || entry.logSeq >= this.logSeq) continue;
      carried.push(entry);
      text += `u ${entry.journalLine()}\n`;
    }
    if (text === "") {
      this.carryHold = Number.POSITIVE_INFINITY;
      return;
    }
    try {
      this.write(text);
    } catch {
      // Their records are only in older logs: those must not be released until a later carry succeeds.
      this.carryHold = Math.min(this.carryHold, this.logSeq - 1);
      return;
    }
    this.carryHold = Number.POSITIVE_INFINITY;
    for (const entry of carried) entry.logSeq = this.logSeq;
  }

  setCarry(carry: () => Iterable<JournalEntry>): void {
    this.carry = carry;
  }

  /** The highest log closed to new entries (all entries written to it and before have their logSeq). */
  sealedSeq(): number {
    return Math.min(this.logSeq - 1, this.carryHold - 1);
  }

  /** Usage lines of the logs a previous process left on disk, oldest first. */
  leftovers(): Array<{ seq: number; lines: string[] }> {
    const out: Array<{ seq: number; lines: string[] }> = [];
    for (const seq of this.logFiles()) {
      if (seq >= this.startSeq) continue;
      let text = "";
      try {
        text = fs.readFileSync(this.logPath(seq), "utf8");
      } catch {
        continue;
      }
      out.push({ seq, lines: parseLogEntries(text) });
    }
    return out;
  }

  /** The usage writer stored the records of the logs up to seq: delete those files that billing folded too. */
  release(seq: number): void {
    if (!this.owner) return;
    const upTo = Math.min(seq, this.foldedSeq, this.logSeq - 1);
    for (const s of this.logFiles()) if (s <= upTo) fs.rmSync(this.logPath(s), { force: true });
  }

  /** Adds deltas and makes them durable at once (tests and tools). */
  append(deltas: JournalDelta[]): void {
    if (!this.owner) throw new Error("Only the journal's owner appends");
    for (const d of deltas) {
      const c = this.counter(d.tenantId, d.subscriptionId, d.scope, d.periodStart);
      if (c.groupDelta === 0 && d.delta > 0) this.group.push(c);
      c.groupDelta += d.delta;
    }
    this.appendGroup();
  }

  /**
   * Starts a new log and moves the old one's sums into the SQLite table (owner only). Counters touched in the current
   * group but not yet appended stay pending for the new log.
   */
  fold(): void {
    if (!this.owner) return;
    if (this.logBytes === 0) return;
    const oldSeq = this.logSeq;
    const oldFd = this.logFd;
    const deltas: JournalDelta[] = [];
    const folded: JournalCounter[] = [];
    for (const c of this.counters.values()) {
      if (c.unfolded === 0) continue;
      deltas.push({
        tenantId: c.tenantId,
        subscriptionId: c.subscriptionId,
        scope: c.scope,
        periodStart: c.periodStart,
        delta: c.unfolded,
      });
      folded.push(c);
    }
    this.openLog(oldSeq + 1);
    this.writeCarry();
    this.version += 1;
    this.table.fold(deltas, this.version, oldSeq);
    this.foldedSeq = oldSeq;
    for (const c of folded) c.unfolded = 0;
    if (oldFd >= 0) {
      fs.closeSync(oldFd);
      if (!this.retainLogs) fs.rmSync(this.logPath(oldSeq), { force: true });
    }
    // Counters of past periods that hold nothing unfolded are forgotten (bounded memory).
    if (this.counters.size > 10_000) {
      for (const [key, c] of this.counters) if (c.unfolded === 0 && c.groupDelta === 0) this.counters.delete(key);
    }
  }

  /** The durable count of one counter: the table plus what the logs hold beyond it (0 when never written). */
  read(subscriptionId: string, scope: string, periodStart: number): number {
    const key = counterKey(subscriptionId, scope, periodStart);
    if (this.owner) {
      return this.table.read(subscriptionId, scope, periodStart) + (this.counters.get(key)?.unfolded ?? 0);
    }
    // A reader (another process): the table plus the logs the owner has not folded yet. A fold between the reads
    // changes folded_seq, and then we read again (else a log could be counted twice or not at all).
    for (;;) {
      const folded = this.table.foldedSeq();
      const stored = this.table.read(subscriptionId, scope, periodStart);
      let extra = 0;
      for (const seq of this.logFiles()) {
        if (seq <= folded) continue;
        let text = "";
        try {
          text = fs.readFileSync(this.logPath(seq), "utf8");
        } catch {
          continue; // folded and deleted meanwhile: folded_seq has moved, so we read again
        }
        extra += parseLog(text).get(key)?.delta ?? 0;
      }
      if (this.table.foldedSeq() === folded) return stored + extra;
    }
  }

  /** Counters written since the previous call (all of them on the first call after opening); folds first. */
  drainChanged(): BilledCounter[] {
    this.fold();
    const rows = this.table.changedSince(this.drainedVersion);
    for (const row of rows) this.drainedVersion = Math.max(this.drainedVersion, row.version);
    return rows.map((r) => ({
      tenantId: r.tenantId,
      subscriptionId: r.subscriptionId,
      scope: r.scope,
      periodStart: r.periodStart,
      count: r.count,
    }));
  }

  close(): void {
    if (this.owner) {
      if (this.group.length > 0 || this.entries.length > 0) this.appendGroup();
      this.fold();
      if (this.logFd >= 0) fs.closeSync(this.logFd);
      this.logFd = -1;
      // After the fold the current log is empty (unless it holds carried lines); logs the usage writer has not
      // released stay for the next start.
      if (!this.retainLogs || this.logBytes === 0) fs.rmSync(this.logPath(this.logSeq), { force: true });
    }
    this.table.close();
  }
}

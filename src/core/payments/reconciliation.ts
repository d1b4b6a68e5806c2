/*
 * Reconciliation: finds uncaptured authorizations that outlived their window (a crash between "authorize" and
 * "void"/"capture", or before the processor's answer was recorded) and voids them. A verification hold is only ever
 * voided here, never captured. Runs across tenants as a worker job.
 */
import type { Db } from "../../db/connection";
import { authorizeLedgerRow, voidLedgerRow } from "./payment-holds.service";
import {
  selectLedgerAuthorization,
  selectOrphanAuthorizations,
  selectUnrecordedCaptures,
  updateLedgerAuthorization,
  updateLedgerAuthorizationFrom,
} from "./payment-ledger.queries";
import type { PaymentProcessor } from "./payment-processor";

export interface OrphanSweepResult {
  examined: number;
  /** Ledger ids voided in this run. */
  voided: string[];
  /** Rows whose replayed authorization had been declined or refused: nothing was held. */
  settled: string[];
  /** Rows the processor reports as already captured (recorded as such, reported for review). */
  capturedAtProcessor: string[];
  /** Rows left for the next run (processor unavailable or another error). */
  retryLater: string[];
}

/**
 * Voids every uncaptured authorization created more than `olderThanMs` ago that is also past its own window
 * (verification holds 15 minutes, payment authorizations 1 hour). Rows still "requested" (no processor answer
 * recorded) are first replayed with their idempotency key, which returns the processor's original answer.
 */
export async function findAndVoidOrphanHolds(
  db: Db,
  processor: PaymentProcessor,
  options: { olderThanMs: number; now?: () => number; limit?: number },
): Promise<OrphanSweepResult> {
  const now = options.now ?? Date.now;
  const at = now();
  const rows = await selectOrphanAuthorizations(db, {
    createdBefore: at - options.olderThanMs,
    now: at,
    limit: options.limit ?? 500,
  });
  const outcome: OrphanSweepResult = {
    examined: rows.length,
    voided: [],
    settled: [],
    capturedAtProcessor: [],
    retryLater: [],
  };

  for (const candidate of rows) {
    let row = candidate;
    if (row.processor !== processor.name) {
      outcome.retryLater.push(row.id);
      continue;
    }
    if (row.status === "requested") {
      const replay = await authorizeLedgerRow(db, processor, row, now);
      if (replay.status !== "success") {
        (replay.status === "error" && replay.code === "unavailable" ? outcome.retryLater : outcome.settled).push(
          row.id,
        );
        continue;
      }
      const refreshed = await selectLedgerAuthorization(db, row.tenant_id, row.id);
      if (!refreshed) continue;
      row = refreshed;
    }
    const result = await voidLedgerRow(db, processor, row, now);
    if (result.status === "success") {
      outcome.voided.push(row.id);
    } else if (result.status === "error" && result.code === "invalid_state") {
      // The processor captured it (a crash after capture, before the ledger update): record the truth.
      await updateLedgerAuthorization(db, row.tenant_id, row.id, {
        status: "captured",
        captured_at: at,
        updated_at: at,
      });
      outcome.capturedAtProcessor.push(row.id);
    } else {
      outcome.retryLater.push(row.id);
    }
  }
  return outcome;
}

/**
 * A request that crashed after its capture and before its invoice, and was never retried, leaves a charge nothing
 * paid for. After `olderThanMs` (well beyond the client's retry window) such charges are refunded in full, with a
 * processor key derived from the authorization's (so concurrent sweeps refund once), and marked refunded in the
 * ledger, which makes a very late retry of that request fail with the payment error instead of recording it.
 */
export async function refundUnrecordedCharges(
  db: Db,
  processor: PaymentProcessor,
  options: { olderThanMs: number; now?: () => number; limit?: number },
): Promise<{ examined: number; refunded: string[]; retryLater: string[] }> {
  const now = options.now ?? Date.now;
  const rows = await selectUnrecordedCaptures(db, {
    capturedBefore: now() - options.olderThanMs,
    limit: options.limit ?? 200,
  });
  const outcome = { examined: rows.length, refunded: [] as string[], retryLater: [] as string[] };
  for (const row of rows) {
    if (row.processor !== processor.name || !row.processor_authorization_id) {
      outcome.retryLater.push(row.id);
      continue;
    }
    const result = await processor.refund(
      { authorizationId: row.processor_authorization_id },
      { tenantId: row.tenant_id, idempotencyKey: refundKeyFor(row.idempotency_key) },
    );
    if (result.status !== "success") {
      outcome.retryLater.push(row.id);
      continue;
    }
    const at = now();
    if (
      await updateLedgerAuthorizationFrom(db, row.tenant_id, row.id, "captured", { status: "refunded", updated_at: at })
    ) {
      outcome.refunded.push(row.id);
    }
  }
  return outcome;
}

/** The processor key of the refund that belongs to an authorization (≤ 255 characters). */
export function refundKeyFor(authorizationKey: string): string {
  return `${authorizationKey.slice(0, 238)}:refund`;
}

/*
 * The worker's job registry: add a job here (name, interval, idempotent run) and the scheduler runs it in every
 * process that runs the worker service. Money jobs are safe to run twice or concurrently (decision 043).
 */

import { purgeExpiredAuthRows } from "../core/accounts/auth-purge.service";
import { deliverPendingMail } from "../core/accounts/mail-delivery.service";
import { evaluateAlerts } from "../core/analytics/alerts.service";
import { enforceUsageRetention, foldUsageRollups } from "../core/analytics/analytics-jobs.service";
import { sweepSpecChangeNotifications } from "../core/api-specs/spec-change-notifications";
import { IDEMPOTENCY_KEY_RETENTION_MS } from "../core/billing/idempotency";
import { deleteCompletedIdempotencyKeysBefore } from "../core/billing/idempotency.queries";
import { enforceHealthRetention, runHealthProbes } from "../core/health/health.service";
import { refreshApiMetrics } from "../core/metering/api-metrics.service";
import { sendNotificationDigests } from "../core/notifications/notification-digest.service";
import { VERIFICATION_HOLD_WINDOW_MS } from "../core/payments/payment-holds.service";
import { findAndVoidOrphanHolds, refundUnrecordedCharges } from "../core/payments/reconciliation";
import { runBillingCycle } from "../core/subscriptions/renewals.service";
import type { WorkerJob } from "./scheduler";

const MINUTE = 60 * 1000;
/**
 * Longer than any client keeps retrying one request (its key is taken over after 5 minutes) and than the renewal
 * sweep needs to replay a capture into its invoice.
 */
const UNRECORDED_CHARGE_REFUND_AFTER_MS = 24 * 60 * MINUTE;

/** Renewals, overage invoicing and cancel-at-period-end, for every tenant. */
export const billingRunJob: WorkerJob = {
  name: "billing-run",
  everyMs: MINUTE,
  firstRunAfterMs: 5_000,
  run: ({ db, processor, clock }) => runBillingCycle(db, { processor, now: () => clock.now() }),
};

/** Voids uncaptured holds and authorizations that outlived their window (a crash between authorize and void). */
export const reconciliationJob: WorkerJob = {
  name: "payment-reconciliation",
  everyMs: 5 * MINUTE,
  firstRunAfterMs: 30_000,
  run: ({ db, processor, clock }) =>
    findAndVoidOrphanHolds(db, processor, { olderThanMs: VERIFICATION_HOLD_WINDOW_MS, now: () => clock.now() }),
};

/** Refunds captured charges no invoice recorded after a day (a request that crashed and was never retried). */
export const unrecordedChargesJob: WorkerJob = {
  name: "payment-unrecorded-charges",
  everyMs: 15 * MINUTE,
  firstRunAfterMs: 90_000,
  run: ({ db, processor, clock }) =>
    refundUnrecordedCharges(db, processor, { olderThanMs: UNRECORDED_CHARGE_REFUND_AFTER_MS, now: () => clock.now() }),
};

/** Forgets completed idempotency keys after their retention. */
export const idempotencyHousekeepingJob: WorkerJob = {
  name: "idempotency-housekeeping",
  everyMs: 60 * MINUTE,
  firstRunAfterMs: 60_000,
  run: ({ db, clock }) => deleteCompletedIdempotencyKeysBefore(db, clock.now() - IDEMPOTENCY_KEY_RETENTION_MS),
};

/** Sends the mail outbox (reset links...): claims each due mail, so concurrent workers send it once. */
export const mailDeliveryJob: WorkerJob = {
  name: "mail-delivery",
  everyMs: 15_000,
  firstRunAfterMs: 5_000,
  run: ({ db, mailSender, clock }) => deliverPendingMail(db, mailSender, { now: () => clock.now() }),
};

/** Deletes expired sessions, finished sign-in/sign-up throttle windows and old password-reset rows. */
export const authPurgeJob: WorkerJob = {
  name: "auth-purge",
  everyMs: 60 * MINUTE,
  firstRunAfterMs: 2 * MINUTE,
  run: ({ db, clock }) => purgeExpiredAuthRows(db, { now: clock.now() }),
};

/** Finishes the followers'/subscribers' notifications of a new spec version an import could not finish (decision 081). */
export const specChangeNotificationsJob: WorkerJob = {
  name: "spec-change-notifications",
  everyMs: MINUTE,
  firstRunAfterMs: 45_000,
  run: ({ db, clock }) => sweepSpecChangeNotifications(db, { now: clock.now() }),
};

/** The About tab's measured metrics (latency, service level, health check, popularity) of non-demo APIs. */
export const apiMetricsJob: WorkerJob = {
  name: "api-metrics",
  everyMs: 15 * MINUTE,
  firstRunAfterMs: MINUTE,
  run: ({ db, clock }) => refreshApiMetrics(db, { now: clock.now() }),
};

/** The daily e-mail digest of notifications for users who chose it (decision 085); claims each user's slot. */
export const notificationDigestJob: WorkerJob = {
  name: "notification-digest",
  everyMs: 15 * MINUTE,
  firstRunAfterMs: 3 * MINUTE,
  run: ({ db, clock }) => sendNotificationDigests(db, { now: () => clock.now() }),
};

/** Hour and day rollups folded from the minute rollups (the dashboards' long ranges read them). */
export const usageFoldJob: WorkerJob = {
  name: "usage-fold",
  everyMs: 30_000,
  firstRunAfterMs: 5_000,
  run: ({ db, clock }) => foldUsageRollups(db, { now: clock.now() }),
};

/** Each tenant's request log retention (tenant config analytics.retentionDays, default 30). */
export const usageRetentionJob: WorkerJob = {
  name: "usage-retention",
  everyMs: 60 * MINUTE,
  firstRunAfterMs: 3 * MINUTE,
  run: ({ db, clock }) => enforceUsageRetention(db, { now: clock.now() }),
};

/** Provider alerts on error rate or p95 latency: a notification and an e-mail when one crosses its threshold. */
export const analyticsAlertsJob: WorkerJob = {
  name: "analytics-alerts",
  everyMs: 30_000,
  firstRunAfterMs: 20_000,
  run: ({ db, clock }) => evaluateAlerts(db, { now: clock.now() }),
};

/** Health probes (decision 101): a batch of due APIs each minute, so every API with an upstream is probed hourly. */
export const healthProbeJob: WorkerJob = {
  name: "health-probes",
  everyMs: MINUTE,
  firstRunAfterMs: 40_000,
  run: ({ db, clock, health }) => runHealthProbes(db, { ...health, now: () => clock.now() }),
};

/** Raw health probes after two days, daily tallies after thirty. */
export const healthRetentionJob: WorkerJob = {
  name: "health-retention",
  everyMs: 60 * MINUTE,
  firstRunAfterMs: 4 * MINUTE,
  run: ({ db, clock }) => enforceHealthRetention(db, { now: clock.now() }),
};

export const WORKER_JOBS: readonly WorkerJob[] = [
  billingRunJob,
  reconciliationJob,
  unrecordedChargesJob,
  idempotencyHousekeepingJob,
  mailDeliveryJob,
  authPurgeJob,
  apiMetricsJob,
  specChangeNotificationsJob,
  notificationDigestJob,
  usageFoldJob,
  usageRetentionJob,
  analyticsAlertsJob,
  healthProbeJob,
  healthRetentionJob,
];

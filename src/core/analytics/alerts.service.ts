import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { AlertMetric } from "../../db/tables/analytics.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUserById } from "../accounts/accounts.queries";
import { insertOutboxMail } from "../accounts/mail-outbox.queries";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { createNotification } from "../notifications/notifications.service";
import { assertCanManageApi } from "../plans/plans.policy";
import type { UseCaseContext } from "../use-case-context";
import {
  countAlertsOfOwner,
  deleteAlertOfOwner,
  insertAlert,
  selectAlertsOfOwner,
  selectAllAlerts,
  updateAlertState,
} from "./alerts.queries";
import { percentilesOf } from "./analytics.service";
import { MINUTE_MS } from "./analytics-range";
import { selectApiNames, selectOwnedApis } from "./billing-analytics.queries";
import { errorRate } from "./dashboard-parts";
import { selectTotals } from "./rollups.queries";

/*
 * Provider alerts (docs/decisions/090-analytics.md): "error rate above X %" or "p95 latency above Y ms" over the last
 * N minutes, for one API or all the provider owns. The worker checks them every minute; an alert that crosses its
 * threshold fires once (a notification and an e-mail through the outbox) and fires again only after it went back
 * below. A window with fewer than ALERT_MIN_CALLS calls does not fire: one failed call is not an error rate.
 */

export const ALERT_MIN_CALLS = 5;
const MAX_ALERTS_PER_PROVIDER = 20;

const alertInput = z
  .object({
    apiId: z.string().trim().max(100).nullable().default(null),
    metric: z.enum(["error_rate", "p95_ms"], { error: "The metric must be error_rate or p95_ms" }),
    threshold: z.number({ error: "The threshold must be a number" }).int("The threshold must be a whole number"),
    windowMinutes: z
      .number({ error: "The window must be a number of minutes" })
      .int()
      .min(5, "The window must be 5 to 1440 minutes")
      .max(1440, "The window must be 5 to 1440 minutes"),
  })
  .superRefine((v, ctx) => {
    const [min, max] = v.metric === "error_rate" ? [1, 100] : [1, 600_000];
    if (v.threshold < min || v.threshold > max) {
      ctx.addIssue({
        code: "custom",
        path: ["threshold"],
        message:
          v.metric === "error_rate"
            ? "The error rate threshold must be 1 to 100 %"
            : "The latency threshold must be 1 to 600000 ms",
      });
    }
  });

export interface AlertView {
  id: string;
  apiId: string | null;
  apiName: string | null;
  metric: AlertMetric;
  threshold: number;
  windowMinutes: number;
  state: "ok" | "firing";
  lastValue: number | null;
  lastFiredAt: number | null;
  checkedAt: number | null;
}

export async function listAlerts(ctx: UseCaseContext): Promise<AlertView[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const rows = await selectAlertsOfOwner(db, tenantId, v.id);
  const names = await selectApiNames(db, tenantId, [...new Set(rows.flatMap((r) => (r.api_id ? [r.api_id] : [])))]);
  return rows.map((r) => ({
    id: r.id,
    apiId: r.api_id,
    apiName: r.api_id ? (names.get(r.api_id) ?? null) : null,
    metric: r.metric,
    threshold: Number(r.threshold),
    windowMinutes: Number(r.window_minutes),
    state: r.state,
    lastValue: r.last_value === null ? null : Number(r.last_value),
    lastFiredAt: r.last_fired_at === null ? null : Number(r.last_fired_at),
    checkedAt: r.checked_at === null ? null : Number(r.checked_at),
  }));
}

export async function createAlert(ctx: UseCaseContext, input: unknown, now = Date.now()): Promise<AlertView> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(alertInput, input);
  if (data.apiId) await assertCanManageApi(db, tenantId, v.id, data.apiId);
  if ((await countAlertsOfOwner(db, tenantId, v.id)) >= MAX_ALERTS_PER_PROVIDER) {
    throw new AppError("CONFLICT", `At most ${MAX_ALERTS_PER_PROVIDER} alerts per provider`);
  }
  const id = newId("alr");
  await insertAlert(db, {
    id,
    tenant_id: tenantId,
    owner_id: v.id,
    api_id: data.apiId,
    metric: data.metric,
    threshold: data.threshold,
    window_minutes: data.windowMinutes,
    state: "ok",
    last_value: null,
    last_fired_at: null,
    checked_at: null,
    created_at: now,
  });
  const created = (await listAlerts({ db, tenantId, viewer: v })).find((a) => a.id === id);
  if (!created) throw new AppError("INTERNAL", "The alert was not saved");
  return created;
}

export async function deleteAlert(ctx: UseCaseContext, id: string): Promise<void> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  if ((await deleteAlertOfOwner(db, tenantId, v.id, id)) === 0) throw new AppError("NOT_FOUND", "Alert not found");
}

function alertText(metric: AlertMetric, value: number, threshold: number, windowMinutes: number, api: string): string {
  return metric === "error_rate"
    ? `The error rate of ${api} was ${value} % over the last ${windowMinutes} minutes (alert above ${threshold} %).`
    : `The p95 latency of ${api} was ${value} ms over the last ${windowMinutes} minutes (alert above ${threshold} ms).`;
}

/** The worker's check of every alert; returns how many fired. */
export async function evaluateAlerts(
  db: Db,
  options: { now: number; studioPath?: string; publicUrl?: string },
): Promise<number> {
  let fired = 0;
  const minute = Math.floor(options.now / MINUTE_MS) * MINUTE_MS;
  for (const alert of await selectAllAlerts(db)) {
    const tenantId = alert.tenant_id;
    const apiIds = alert.api_id
      ? [alert.api_id]
      : (await selectOwnedApis(db, tenantId, alert.owner_id)).map((a) => a.id);
    const window = { from: minute - Number(alert.window_minutes) * MINUTE_MS, to: minute + MINUTE_MS };
    const scope = { apiIds, appIds: null };
    const sums = await selectTotals(db, tenantId, scope, { ...window, grain: "minute" });
    let value: number | null = null;
    if (sums.calls >= ALERT_MIN_CALLS) {
      value =
        alert.metric === "error_rate"
          ? errorRate(sums.calls, sums.errors4xx + sums.errors5xx)
          : (await percentilesOf(db, tenantId, scope, window, sums.calls, sums.latencyBuckets)).p95Ms;
    }
    const breached = value !== null && value > Number(alert.threshold);
    const stored = value === null ? null : Math.round(value);
    if (breached && alert.state === "ok") {
      if (!(await updateAlertState(db, tenantId, alert.id, "ok", "firing", stored, options.now))) continue;
      fired += 1;
      const api = alert.api_id
        ? ((await selectApiNames(db, tenantId, [alert.api_id])).get(alert.api_id) ?? "your API")
        : "your APIs";
      const title = alert.metric === "error_rate" ? `Error rate alert: ${api}` : `Latency alert: ${api}`;
      const body = alertText(alert.metric, value ?? 0, Number(alert.threshold), Number(alert.window_minutes), api);
      const path = `${options.studioPath ?? "/studio"}/analytics${alert.api_id ? `?api=${alert.api_id}` : ""}`;
      await createNotification(
        db,
        tenantId,
        alert.owner_id,
        { title, body, type: "error", callToAction: { label: "Open analytics", url: path } },
        options.now,
      );
      const owner = await selectUserById(db, tenantId, alert.owner_id);
      if (owner?.email) {
        await insertOutboxMail(db, tenantId, {
          id: newId("mail"),
          to: owner.email,
          subject: title,
          body: `Hello ${owner.username},\n\n${body}\n\n${(options.publicUrl ?? "").replace(/\/+$/, "")}${path}\n`,
          kind: "analytics-alert",
          createdAt: options.now,
        });
      }
    } else if (!breached && alert.state === "firing") {
      await updateAlertState(db, tenantId, alert.id, "firing", "ok", stored, options.now);
    } else {
      await updateAlertState(db, tenantId, alert.id, alert.state, alert.state, stored, options.now);
    }
  }
  return fired;
}

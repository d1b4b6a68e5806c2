import type { Db } from "../../db/connection";
import type { NotificationsTable } from "../../db/tables/notifications.tables";
import {
  insertNotificationsOnce,
  markChangeNotified,
  selectFollowerIds,
  selectSubscriberIds,
  selectUnnotifiedChanges,
  selectVersionChange,
} from "./spec-changes.queries";

/*
 * Notifications of a new spec version (decision 081) to the API's subscribers and followers. The import stores the
 * change with notified_at null in its own transaction (the outbox); this fan-out then inserts one notification per
 * recipient in batches of FAN_OUT_BATCH (keyset pages over the subscriber and follower lists, one multi-row insert
 * each, so 10,000 followers are ten short statements rather than one long transaction or 10,000 round trips), and
 * marks the change notified. Ids are derived from the version and the user, so a retried or resumed fan-out adds
 * nothing twice. Subscribers come first: they depend on the API, and a breaking change reaches them before anyone else.
 */

export const FAN_OUT_BATCH = 1_000;
/** The sweep picks up changes whose fan-out did not finish within this long (the import normally does it at once). */
export const FAN_OUT_RETRY_AFTER_MS = 60_000;

/** What the import hands the hook once the new version is committed. */
export interface SpecVersionPublished {
  tenantId: string;
  apiId: string;
  versionId: string;
}

function notificationId(versionId: string, userId: string): string {
  return `ntf_spec_${versionId}_${userId}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Fans the notifications of one stored version change out to subscribers, then followers, and marks it notified.
 * Safe to call again for the same version (after a crash, from the sweep). Returns how many recipients it covered.
 */
export async function onSpecVersionPublished(db: Db, event: SpecVersionPublished, now = Date.now()): Promise<number> {
  const change = await selectVersionChange(db, event.tenantId, event.versionId);
  if (!change || change.api_id !== event.apiId) return 0;
  const breaking = Number(change.breaking_count);
  const title =
    breaking > 0
      ? `Breaking changes in ${change.api_name} ${change.version}`
      : `${change.api_name} ${change.version} is out`;
  const body =
    breaking > 0
      ? `<p>The new version of <b>${escapeHtml(change.api_name)}</b> has ${breaking} breaking change${breaking === 1 ? "" : "s"}. Check the changelog before your calls fail.</p>`
      : `<p>A new version of <b>${escapeHtml(change.api_name)}</b> was published, with ${Number(change.change_count)} change${Number(change.change_count) === 1 ? "" : "s"} and nothing breaking.</p>`;
  const url = `/${change.owner_username}/api/${change.api_slug}/changelog#v-${change.version_id}`;
  const row = (userId: string): NotificationsTable => ({
    id: notificationId(change.version_id, userId),
    tenant_id: event.tenantId,
    user_id: userId,
    type: breaking > 0 ? "error" : "info",
    title: title.slice(0, 200),
    body_html: body,
    cta_label: "View changelog",
    cta_url: url,
    image_url: null,
    is_new: 1,
    is_read: 0,
    created_at: now,
  });
  let covered = 0;
  for (const select of [selectSubscriberIds, selectFollowerIds]) {
    let after = "";
    for (;;) {
      const page = await select(db, event.tenantId, event.apiId, after, FAN_OUT_BATCH);
      // The API's own provider is not told about their own release.
      const ids = page.filter((id) => id !== change.owner_id);
      await insertNotificationsOnce(db, ids.map(row));
      covered += ids.length;
      const last = page.at(-1);
      if (!last || page.length < FAN_OUT_BATCH) break;
      after = last;
    }
  }
  await markChangeNotified(db, event.tenantId, event.versionId, now);
  return covered;
}

/** Worker sweep: finishes the fan-out of changes an import could not finish (crash, failure). */
export async function sweepSpecChangeNotifications(db: Db, options: { now: number }): Promise<number> {
  const pending = await selectUnnotifiedChanges(db, options.now - FAN_OUT_RETRY_AFTER_MS, 20);
  for (const p of pending) {
    const change = await selectVersionChange(db, p.tenant_id, p.version_id);
    if (change)
      await onSpecVersionPublished(
        db,
        { tenantId: p.tenant_id, apiId: change.api_id, versionId: p.version_id },
        options.now,
      );
  }
  return pending.length;
}

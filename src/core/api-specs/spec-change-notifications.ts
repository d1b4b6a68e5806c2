import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { usersWhoSeeApi } from "../access/api-audience";
import { selectApiProviderUsers } from "../notifications/notification-events.queries";
import { type NotificationEvent, notifyIn } from "../notifications/notify";
import {
  markChangeNotified,
  selectFollowerIds,
  selectSubscriberIds,
  selectUnnotifiedChanges,
  selectVersionChange,
} from "./spec-changes.queries";

/*
 * Notifications of a new spec version (decisions 081, 085) to the API's subscribers and followers. The import stores
 * the change with notified_at null in its own transaction (the outbox); this fan-out then walks the subscriber and
 * follower lists in keyset pages of FAN_OUT_BATCH and hands each page to notifyIn in a short transaction of its own:
 * each recipient's preference for `spec_version` applies (off: nothing; in app: the tray; e-mail: the tray and a mail
 * in the outbox, or the daily digest), and the dedup key `spec-version:<version>` makes a retried or resumed fan-out,
 * and a subscriber who also follows, add nothing twice. Between pages the loop yields to the event loop, so requests
 * that arrive meanwhile are served between two short batches instead of waiting for the whole fan-out (the figures are
 * in decision 085). Subscribers come first: they depend on the API, and a breaking change reaches them before anyone
 * else.
 */

export const FAN_OUT_BATCH = 100;
/** The sweep picks up changes whose fan-out did not finish within this long (the import normally does it at once). */
export const FAN_OUT_RETRY_AFTER_MS = 60_000;

/** What the import hands the hook once the new version is committed. */
export interface SpecVersionPublished {
  tenantId: string;
  apiId: string;
  versionId: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Lets requests waiting on the event loop (and on SQLite's one connection) run between two batches. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fans the notifications of one stored version change out to subscribers, then followers, and marks it notified.
 * Safe to call again for the same version (after a crash, from the sweep). Returns how many recipients it covered
 * (those who turned the kind off included: they were asked, and chose nothing).
 */
export async function onSpecVersionPublished(db: Db, event: SpecVersionPublished, now = Date.now()): Promise<number> {
  const change = await selectVersionChange(db, event.tenantId, event.versionId);
  if (!change || change.api_id !== event.apiId) return 0;
  const breaking = Number(change.breaking_count);
  const changes = Number(change.change_count);
  // The API's provider (its owner, or the organization's admins) is not told about their own release.
  const providers = new Set([change.owner_id, ...(await selectApiProviderUsers(db, event.tenantId, event.apiId))]);
  const notification: NotificationEvent = {
    kind: "spec_version",
    dedupKey: `spec-version:${change.version_id}`,
    params: { api: change.api_name, version: change.version },
    text:
      breaking > 0
        ? `${plural(breaking, "breaking change")}: check the changelog before your calls fail.`
        : `${plural(changes, "change")}, nothing breaking.`,
    url: `/${encodeURIComponent(change.owner_username)}/api/${encodeURIComponent(change.api_slug)}/changelog#v-${encodeURIComponent(change.version_id)}`,
    type: breaking > 0 ? "error" : "info",
  };
  let covered = 0;
  for (const select of [selectSubscriberIds, selectFollowerIds]) {
    let after = "";
    for (;;) {
      const page = await select(db, event.tenantId, event.apiId, after, FAN_OUT_BATCH);
      // A private API's news reaches only those who may still see it (an invitation can be revoked after a follow).
      const ids = await usersWhoSeeApi(
        db,
        event.tenantId,
        event.apiId,
        page.filter((id) => !providers.has(id)),
      );
      if (ids.length > 0) {
        await inTransaction(db, (trx) => notifyIn(trx, event.tenantId, ids, notification, { now }));
      }
      covered += ids.length;
      const last = page.at(-1);
      if (!last || page.length < FAN_OUT_BATCH) break;
      after = last;
      await yieldToRequests();
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

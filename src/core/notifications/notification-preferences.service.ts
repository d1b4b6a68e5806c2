import { z } from "zod";
import { inTransaction } from "../../db/executor";
import { requireViewer } from "../accounts/accounts.policy";
import { parseInput } from "../accounts/validation";
import type { UseCaseContext } from "../use-case-context";
import {
  selectPreferencesOfUser,
  selectSettings,
  upsertDigestSetting,
  upsertPreference,
} from "./notification-events.queries";
import {
  defaultChannel,
  isNotificationChannel,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "./notification-kinds";

export interface NotificationPreferences {
  items: { kind: NotificationKind; channel: NotificationChannel }[];
  /** E-mails are collected into one daily digest. */
  emailDigest: boolean;
}

/** The signed-in user's channel per event kind (their choice or the default) and the digest choice. */
export async function getNotificationPreferences(ctx: UseCaseContext): Promise<NotificationPreferences> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const [rows, settings] = await Promise.all([
    selectPreferencesOfUser(db, tenantId, v.id),
    selectSettings(db, tenantId, v.id),
  ]);
  const chosen = new Map(rows.filter((r) => isNotificationChannel(r.channel)).map((r) => [r.kind, r.channel]));
  return {
    items: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      channel: (chosen.get(kind) as NotificationChannel | undefined) ?? defaultChannel(kind),
    })),
    emailDigest: settings?.email_digest === 1,
  };
}

const preferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS, { error: "Unknown notification type" }),
        channel: z.enum(NOTIFICATION_CHANNELS, { error: "Choose in app, e-mail or off" }),
      }),
    )
    .max(NOTIFICATION_KINDS.length * 2)
    .default([]),
  emailDigest: z.boolean().nullish(),
});

/** Saves some or all kinds' channels and, when given, the digest choice, in one transaction. */
export async function setNotificationPreferences(
  ctx: UseCaseContext,
  input: unknown,
): Promise<NotificationPreferences> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(preferencesSchema, input);
  const now = Date.now();
  await inTransaction(db, async (trx) => {
    for (const p of data.preferences) await upsertPreference(trx, tenantId, v.id, p.kind, p.channel, now);
    if (data.emailDigest !== undefined && data.emailDigest !== null) {
      await upsertDigestSetting(trx, tenantId, v.id, data.emailDigest, now);
    }
  });
  return getNotificationPreferences({ db, tenantId, viewer: v });
}

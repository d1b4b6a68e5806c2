import { data } from "react-router";
import {
  listNotifications,
  markNotificationsRead,
  markNotificationsSeen,
} from "../../core/notifications/notifications.service";
import { formText, runAction } from "../lib/action-result.server";
import { requireActionCsrf } from "../lib/csrf.server";
import type { Route } from "./+types/notifications-resource";

const ID = /^ntf_[0-9a-z]{16}$/;

/**
 * /resources/notifications: the top bar's notifications tray (JSON, no page). GET lists the signed-in user's newest
 * notifications with the counts; POST (with the page's CSRF token) marks them seen, one read, or all read.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, tenant, viewer } = context;
  // 200 either way: a fetcher's error status would replace the page with the error screen (session expired).
  if (!viewer || viewer.tenantId !== tenant.id) return { signedIn: false as const };
  return { signedIn: true as const, tray: await listNotifications(db, tenant.id, viewer) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  requireActionCsrf(request, form);
  const { db, tenant, viewer } = context;
  const intent = formText(form, "intent");
  if (intent === "seen") return runAction(intent, () => markNotificationsSeen(db, tenant.id, viewer));
  if (intent === "read-all") return runAction(intent, () => markNotificationsRead(db, tenant.id, viewer, null));
  if (intent === "read") {
    const id = formText(form, "id");
    if (!ID.test(id)) return data({ ok: false as const, intent, code: "BAD_REQUEST" }, { status: 400 });
    return runAction(intent, () => markNotificationsRead(db, tenant.id, viewer, id));
  }
  return data({ ok: false as const, intent, code: "BAD_REQUEST" }, { status: 400 });
}

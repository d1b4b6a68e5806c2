import { selectUserByEmail } from "../../core/accounts/accounts.queries";
import { DEMO_ACCOUNTS } from "../../core/accounts/demo-accounts";
import { createNotification } from "../../core/notifications/notifications.service";
import type { Db } from "../connection";

const HOUR_MS = 60 * 60 * 1000;

/** A few notifications for the demo sign-ins, so the tray has something to show (demo data). */
export async function seedDemoNotifications(db: Db, tenantId: string, brand: string, now: number): Promise<number> {
  let sent = 0;
  for (const account of DEMO_ACCOUNTS) {
    const user = await selectUserByEmail(db, tenantId, account.email);
    if (!user) continue;
    await createNotification(
      db,
      tenantId,
      user.id,
      {
        title: `Welcome to ${brand}`,
        body: "Browse the catalog, follow the APIs you like and try their endpoints right on the API page.",
        callToAction: { label: "Open the API Hub", url: "/hub" },
      },
      now - 48 * HOUR_MS,
    );
    await createNotification(
      db,
      tenantId,
      user.id,
      {
        title: "One key for every API",
        type: "other",
        body: "Create an app in <strong>My Apps</strong> to get the key the gateway accepts for all your subscriptions.",
        callToAction: { label: "Go to My Apps", url: "/developer/dashboard" },
      },
      now - 2 * HOUR_MS,
    );
    sent += 2;
  }
  return sent;
}

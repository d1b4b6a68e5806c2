import { newId } from "../../common/ids";
import type { DbOrTrx } from "../../db/connection";
import { generateApiKey } from "./api-key";
import { insertApp, insertKey } from "./apps.queries";
import { newKeyRow } from "./apps.service";

/** The app every new account starts with (issue 18): a first call needs an app with a key, not a form to find first. */
export const DEFAULT_APP_NAME = "Default app";
export const DEFAULT_KEY_NAME = "Default key";

/**
 * Writes the default app and its first key with the caller's transaction (sign-up's, so the account never exists
 * without them). The key's secret is not kept anywhere (keys are stored as hashes): My Apps offers to rotate it to see
 * a fresh one once, like any key whose secret this browser does not hold.
 */
export async function insertDefaultApp(trx: DbOrTrx, tenantId: string, userId: string, now: number): Promise<string> {
  const appId = newId("app");
  await insertApp(trx, {
    id: appId,
    tenant_id: tenantId,
    owner_user_id: userId,
    organization_id: null,
    team_id: null,
    name: DEFAULT_APP_NAME,
    description: null,
    created_at: now,
    updated_at: now,
  });
  await insertKey(trx, newKeyRow(tenantId, appId, DEFAULT_KEY_NAME, generateApiKey(), now));
  return appId;
}

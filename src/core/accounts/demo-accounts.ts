import type { Db } from "../../db/connection";
import { selectUserByEmail } from "./accounts.queries";
import { createUser } from "./accounts.service";

/** Demo sign-ins the seed creates (documented in the README; demo data only, never for a real deployment). */
export const DEMO_ACCOUNTS = [
  {
    username: "portico-admin",
    email: "admin@portico.demo",
    name: "Portico Admin",
    password: "portico-demo-admin",
    admin: true,
  },
  {
    username: "demo-developer",
    email: "developer@portico.demo",
    name: "Demo Developer",
    password: "portico-demo-developer",
    admin: false,
  },
] as const;

/** Creates the demo admin and developer accounts in a tenant unless their e-mails already exist (idempotent). */
export async function seedDemoAccounts(db: Db, tenantId: string): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await selectUserByEmail(db, tenantId, account.email)) continue;
    const row = await createUser(db, tenantId, { ...account, skipPasswordPolicy: true, emailVerified: true });
    created.push(row.id);
  }
  return created;
}

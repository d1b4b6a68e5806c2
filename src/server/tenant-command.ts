import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { isAppError } from "../core/errors/app-error";
import { provisionTenant } from "../core/tenants/tenant-provisioning.service";
import { listTenants } from "../core/tenants/tenants.service";
import { openDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { ensureDemoApis } from "../db/seed/demo/demo-apis";

const USAGE = `Usage:
  npm run tenant -- create --id <id> --name <name> --admin-username <username> --admin-email <e-mail>
                            [--brand <brand name>] [--catalog empty|demo] [--admin-password <password>]
  npm run tenant -- list

Without --admin-password a random password is generated and printed once.`;

/** The operator command for tenants (decision 121): create one (default configuration, empty or demo catalog), list. */
export async function runTenantCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "create" && command !== "list") {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      id: { type: "string" },
      name: { type: "string" },
      brand: { type: "string" },
      catalog: { type: "string", default: "empty" },
      "admin-username": { type: "string" },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
    },
    strict: true,
  });
  const config = loadConfig(env);
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.PORTICO_DATA_DIR });
  try {
    await migrateToLatest(db);
    if (command === "list") {
      for (const t of await listTenants(db)) console.log(`${t.id}\t${t.name}\t${t.config.brandName}`);
      return 0;
    }
    const generated = values["admin-password"] ? null : randomBytes(12).toString("base64url");
    const result = await provisionTenant(
      db,
      {
        id: values.id,
        name: values.name,
        brandName: values.brand,
        catalog: values.catalog,
        admin: {
          username: values["admin-username"],
          email: values["admin-email"],
          password: values["admin-password"] ?? generated,
        },
      },
      ensureDemoApis,
    );
    console.log(
      `Created tenant "${result.tenant.id}" (${result.tenant.name}), brand "${result.tenant.config.brandName}".`,
    );
    console.log(`Administrator: ${result.adminUsername}${generated ? ` with password ${generated} (change it)` : ""}.`);
    console.log(
      result.demoApis.length > 0
        ? `Demo catalog: ${result.demoApis.join(", ")}.`
        : "Catalog: empty (add APIs in /studio).",
    );
    console.log(`Requests choose it with the header x-tenant-id: ${result.tenant.id}.`);
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      const fields = (error.details?.fields ?? {}) as Record<string, string>;
      console.error(`${error.message}${Object.keys(fields).length ? ` (${Object.keys(fields).join(", ")})` : ""}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

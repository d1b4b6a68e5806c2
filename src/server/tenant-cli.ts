import "./node-env";
import { ConfigError } from "../config";
import { runTenantCommand } from "./tenant-command";

// `npm run tenant -- create ...`: see runTenantCommand for the arguments.
runTenantCommand(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });

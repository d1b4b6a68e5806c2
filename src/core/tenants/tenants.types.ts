import type { TenantConfig } from "../../common/tenant-config";

/** A tenant as the server and the pages see it: config already parsed with every default filled in. */
export interface TenantInfo {
  id: string;
  name: string;
  config: TenantConfig;
}

export interface NewTenantInput {
  id: string;
  name: string;
  /** Partial or full TenantConfig; validated and completed with defaults by parseTenantConfig. */
  config: unknown;
}

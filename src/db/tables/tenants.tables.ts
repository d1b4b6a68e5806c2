/** Table of migration 120-tenant-config-versions: the saved versions of a tenant's configuration (decision 120). */
export type TenantConfigVersionsTable = {
  id: string;
  tenant_id: string;
  version: number;
  /** JSON of the whole validated TenantConfig of this version. */
  config: string;
  /** JSON array of dotted setting paths that differ from the previous version. */
  changes: string;
  changed_by: string | null;
  changed_by_name: string | null;
  /** Set when this version restored an earlier one: that version's number. */
  reverted_from: number | null;
  created_at: number;
};

export type TenantsTables = { tenant_config_versions: TenantConfigVersionsTable };

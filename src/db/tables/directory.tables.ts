/** Table of migration 100-directory-imports: what became of each APIs.guru directory spec in a tenant. */
export type DirectoryImportsTable = {
  tenant_id: string;
  spec_id: string;
  status: "done" | "failed";
  api_id: string | null;
  reason: string | null;
  bytes: number;
  endpoints: number;
  created_at: number;
};

/** Migration 100: the current or last directory import of a tenant. */
export type DirectoryImportRunsTable = {
  tenant_id: string;
  total: number;
  started_at: number;
  finished_at: number | null;
};

export type DirectoryTables = {
  directory_imports: DirectoryImportsTable;
  directory_import_runs: DirectoryImportRunsTable;
};

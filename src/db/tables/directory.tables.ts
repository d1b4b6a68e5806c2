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

export type DirectoryTables = { directory_imports: DirectoryImportsTable };

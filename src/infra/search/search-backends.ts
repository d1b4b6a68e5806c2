import type { SearchBackend } from "../../core/search/search-backend";
import type { Db } from "../../db/connection";
import { postgresFtsBackend } from "./postgres-fts-backend";
import { sqliteFts5Backend } from "./sqlite-fts5-backend";

/** The search engine follows the database: FTS5 in embedded mode, PostgreSQL full text + pg_trgm in scale-out. */
export function searchBackendFor(db: Db): SearchBackend {
  return db.dialect === "postgres" ? postgresFtsBackend : sqliteFts5Backend;
}

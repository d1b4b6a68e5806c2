import type { Db, DbExecutor, DbOrTrx, DbTransaction } from "./connection";

/*
 * Helpers over a database handle, kept apart from connection.ts on purpose: that module loads pg and better-sqlite3
 * with side effects at import, and core services whose constants reach route components must not pull those into the
 * browser bundle.
 */
/** The query handle of a database, or the handle/transaction itself. */
export function kyselyOf(db: DbOrTrx): DbExecutor {
  return "dialect" in db && "close" in db ? db.kysely : db;
}

/** Runs `work` in one transaction. */
export function inTransaction<T>(db: Db, work: (trx: DbTransaction) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(work);
}

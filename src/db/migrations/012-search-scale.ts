import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Search at 100,000 APIs (docs/decisions/010-search-at-scale.md). The page of results is filled tier by tier
 * (all words in the name > ... > endpoint-only), each tier read in popularity order with a LIMIT, instead of scoring
 * every match; totals and facets are counted without reading the documents.
 * - SQLite: documents get rank-ordered ids (popularity first, see search-doc-ids.ts) so FTS5, which returns rowids in
 *   order, stops after the page; a `scope_text` FTS column holds the tenant + visibility token, so totals are counted
 *   inside the FTS index; the facet values are packed into the id through a per-tenant code table.
 * - PostgreSQL: separate tsvectors (and GIN indexes) for the name/provider words and the description words, and a
 *   B-tree in rank order, so each tier is its own indexed query.
 * The documents are rebuilt (their ids change): every API is queued again and rebuilt by the next search.
 */
function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const FTS_COLUMNS = ["head_text", "body_text", "endpoint_text", "scope_text"] as const;

/** prefix= lengths FTS5 keeps ready-made doclists for: typeahead words of 2 to 4 letters ("ap", "ope", "data"). */
async function createSqliteFts(db: AnyDb, columns: readonly string[], prefixes: string): Promise<void> {
  const cols = sql.raw(columns.join(", "));
  const newCols = sql.raw(columns.map((c) => `new.${c}`).join(", "));
  const oldCols = sql.raw(columns.map((c) => `old.${c}`).join(", "));
  await sql`create virtual table search_fts using fts5(${cols}, content='search_documents', content_rowid='doc_id',
    tokenize='unicode61 remove_diacritics 0', prefix=${sql.lit(prefixes)})`.execute(db);
  await sql`create trigger search_documents_ai after insert on search_documents begin
    insert into search_fts(rowid, ${cols}) values (new.doc_id, ${newCols}); end`.execute(db);
  await sql`create trigger search_documents_ad after delete on search_documents begin
    insert into search_fts(search_fts, rowid, ${cols}) values ('delete', old.doc_id, ${oldCols}); end`.execute(db);
  await sql`create trigger search_documents_au after update on search_documents begin
    insert into search_fts(search_fts, rowid, ${cols}) values ('delete', old.doc_id, ${oldCols});
    insert into search_fts(rowid, ${cols}) values (new.doc_id, ${newCols}); end`.execute(db);
}

async function dropSqliteFts(db: AnyDb): Promise<void> {
  for (const name of ["search_documents_ai", "search_documents_ad", "search_documents_au"]) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await sql`drop table if exists search_fts`.execute(db);
}

/** Typo candidates by length first: the ranges then hold only words of the right lengths (both engines, covering). */
async function createVocabularyIndexes(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("search_vocabulary_len_term")
    .on("search_vocabulary")
    .columns(["tenant_id", "length", "term"])
    .execute();
  await db.schema
    .createIndex("search_vocabulary_len_reversed")
    .on("search_vocabulary")
    .columns(["tenant_id", "length", "reversed", "term"])
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await createVocabularyIndexes(db);
  if (isPostgres(db)) {
    // Suffix ranges now use the reversed word (as on SQLite); the trigram index only slowed down writes.
    await sql`drop index if exists search_vocabulary_trgm`.execute(db);
    await sql`alter table search_documents add column scope_text text not null default ' '`.execute(db);
    for (const [column, source] of [
      ["tsv_head", "head_text"],
      ["tsv_body", "body_text"],
    ] as const) {
      await sql`alter table search_documents add column ${sql.raw(column)} tsvector generated always as
        (array_to_tsvector(array_remove(string_to_array(${sql.raw(source)}, ' '), ''))) stored`.execute(db);
      await sql`create index ${sql.raw(`search_documents_${column}`)} on search_documents using gin (${sql.raw(column)})`.execute(
        db,
      );
    }
    await sql`create index search_documents_rank on search_documents
      (tenant_id, visibility, popularity_milli desc, api_id collate "C")`.execute(db);
    return;
  }
  await dropSqliteFts(db);
  await sql`delete from search_documents`.execute(db);
  await sql`alter table search_documents add column scope_text text not null default ' '`.execute(db);
  await db.schema
    .createTable("search_facet_codes")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("code", "integer", (c) => c.notNull())
    .addColumn("facet_key", "text", (c) => c.notNull())
    .addColumn("category_id", "text")
    .addColumn("pricing_type", "text", (c) => c.notNull())
    .addColumn("auth_type", "text")
    .addPrimaryKeyConstraint("search_facet_codes_pk", ["tenant_id", "code"])
    .addUniqueConstraint("search_facet_codes_key", ["tenant_id", "facet_key"])
    .execute();
  await createSqliteFts(db, FTS_COLUMNS, "2 3 4");
  await sql`insert or ignore into search_dirty (tenant_id, api_id) select tenant_id, id from apis`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists search_vocabulary_len_term`.execute(db);
  await sql`drop index if exists search_vocabulary_len_reversed`.execute(db);
  if (isPostgres(db)) {
    await sql`create index search_vocabulary_trgm on search_vocabulary using gin (term gin_trgm_ops)`.execute(db);
    await sql`drop index if exists search_documents_rank`.execute(db);
    await sql`alter table search_documents drop column if exists tsv_head, drop column if exists tsv_body,
      drop column if exists scope_text`.execute(db);
    return;
  }
  await dropSqliteFts(db);
  await sql`delete from search_documents`.execute(db);
  await sql`alter table search_documents drop column scope_text`.execute(db);
  await db.schema.dropTable("search_facet_codes").ifExists().execute();
  await createSqliteFts(db, ["head_text", "body_text", "endpoint_text"], "2 3");
  await sql`insert or ignore into search_dirty (tenant_id, api_id) select tenant_id, id from apis`.execute(db);
}

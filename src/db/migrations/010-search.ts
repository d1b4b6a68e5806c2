import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Search index (see src/core/search/README.md). Documents hold text already tokenized by src/core/search/search-tokens.ts
 * (lowercase [a-z0-9] words separated by one space), so SQLite FTS5 and PostgreSQL see exactly the same tokens and
 * return the same matches. Sort and facet columns are copied from `apis` so large result sets are counted and ordered
 * without joining back. Triggers on the catalog tables only queue the API id in `search_dirty`; the search service
 * re-tokenizes queued APIs before it answers, so any writer (seed, studio, SQL by hand) keeps the index correct.
 */
function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  // PostgreSQL needs "C" ordering on the vocabulary so a prefix is a contiguous B-tree range, like SQLite's BINARY.
  const termType = pg ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable("search_documents")
    .addColumn("doc_id", pg ? "bigserial" : "integer", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().unique())
    .addColumn("visibility", "text", (c) => c.notNull())
    .addColumn("name_sort", termType, (c) => c.notNull())
    .addColumn("category_id", "text")
    .addColumn("pricing_type", "text", (c) => c.notNull())
    .addColumn("auth_type", "text")
    .addColumn("popularity_milli", "integer", (c) => c.notNull())
    .addColumn("rating_milli", "integer", (c) => c.notNull())
    .addColumn("latency_ms", "integer")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // Text last: SQLite reads a row's columns in order, so filters, facets and sort keys come before the long text.
    .addColumn("head_text", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("endpoint_text", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("search_documents_browse")
    .on("search_documents")
    .columns(["tenant_id", "visibility", "popularity_milli"])
    .execute();

  await db.schema
    .createTable("search_endpoints")
    .addColumn("doc_id", pg ? "bigserial" : "integer", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull())
    .addColumn("endpoint_id", "text", (c) => c.notNull())
    .addColumn("visibility", "text", (c) => c.notNull())
    .addColumn("head_text", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("summary", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("popularity_milli", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_endpoints_api").on("search_endpoints").columns(["tenant_id", "api_id"]).execute();

  await db.schema
    .createTable("search_vocabulary")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("term", termType, (c) => c.notNull())
    .addColumn("reversed", termType, (c) => c.notNull())
    .addColumn("length", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_vocabulary_pk", ["tenant_id", "term"])
    .execute();

  await db.schema
    .createTable("search_dirty")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("api_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_dirty_pk", ["tenant_id", "api_id"])
    .execute();

  if (pg) await upPostgres(db);
  else await upSqlite(db);

  // Everything already in the catalog is queued once.
  await sql`insert into search_dirty (tenant_id, api_id) select tenant_id, id from apis`.execute(db);
}

async function upSqlite(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("search_vocabulary_reversed")
    .on("search_vocabulary")
    .columns(["tenant_id", "reversed"])
    .execute();
  for (const [fts, table, columns] of [
    ["search_fts", "search_documents", ["head_text", "body_text", "endpoint_text"]],
    ["search_endpoints_fts", "search_endpoints", ["head_text", "body_text"]],
  ] as const) {
    const cols = sql.raw(columns.join(", "));
    const newCols = sql.raw(columns.map((c) => `new.${c}`).join(", "));
    const oldCols = sql.raw(columns.map((c) => `old.${c}`).join(", "));
    const f = sql.raw(fts);
    const t = sql.raw(table);
    // The text is pre-tokenized; unicode61 only splits on the single spaces. prefix= indexes 2- and 3-letter prefixes.
    await sql`create virtual table ${f} using fts5(${cols}, content='${t}', content_rowid='doc_id',
      tokenize='unicode61 remove_diacritics 0', prefix='2 3')`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_ai`)} after insert on ${t} begin
      insert into ${f}(rowid, ${cols}) values (new.doc_id, ${newCols}); end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_ad`)} after delete on ${t} begin
      insert into ${f}(${f}, rowid, ${cols}) values ('delete', old.doc_id, ${oldCols}); end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_au`)} after update on ${t} begin
      insert into ${f}(${f}, rowid, ${cols}) values ('delete', old.doc_id, ${oldCols});
      insert into ${f}(rowid, ${cols}) values (new.doc_id, ${newCols}); end`.execute(db);
  }

  const queue = (tenant: string, api: string) =>
    `insert or ignore into search_dirty (tenant_id, api_id) values (${tenant}, ${api});`;
  const triggers: Array<[string, string, string]> = [
    ["search_q_apis_ai", "after insert on apis", queue("new.tenant_id", "new.id")],
    ["search_q_apis_au", "after update on apis", queue("new.tenant_id", "new.id")],
    ["search_q_apis_ad", "after delete on apis", queue("old.tenant_id", "old.id")],
    ["search_q_endpoints_ai", "after insert on api_endpoints", queue("new.tenant_id", "new.api_id")],
    ["search_q_endpoints_au", "after update on api_endpoints", queue("new.tenant_id", "new.api_id")],
    ["search_q_endpoints_ad", "after delete on api_endpoints", queue("old.tenant_id", "old.api_id")],
    ["search_q_tags_ai", "after insert on api_tags", queue("new.tenant_id", "new.api_id")],
    ["search_q_tags_ad", "after delete on api_tags", queue("old.tenant_id", "old.api_id")],
    [
      "search_q_categories_au",
      "after update of name on categories",
      "insert or ignore into search_dirty (tenant_id, api_id) select tenant_id, id from apis where category_id = new.id and tenant_id = new.tenant_id;",
    ],
  ];
  for (const [name, when, body] of triggers) {
    await sql`create trigger ${sql.raw(name)} ${sql.raw(when)} begin ${sql.raw(body)} end`.execute(db);
  }
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // The lexemes are exactly the pre-tokenized words: array_to_tsvector skips PostgreSQL's own parser (which would split
  // e.g. "12e3x" into "12e3" and "x" where FTS5 keeps one token).
  for (const [table, expr] of [
    ["search_documents", "head_text || ' ' || body_text || ' ' || endpoint_text"],
    ["search_endpoints", "head_text || ' ' || body_text"],
  ] as const) {
    await sql`alter table ${sql.raw(table)} add column tsv tsvector generated always as
      (array_to_tsvector(array_remove(string_to_array(${sql.raw(expr)}, ' '), ''))) stored`.execute(db);
    await sql`create index ${sql.raw(`${table}_tsv`)} on ${sql.raw(table)} using gin (tsv)`.execute(db);
  }
  // Typo candidates: prefix by B-tree range, suffix by trigram index (LIKE '%suffix').
  await sql`create index search_vocabulary_trgm on search_vocabulary using gin (term gin_trgm_ops)`.execute(db);

  await sql`create function search_queue_api() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into search_dirty (tenant_id, api_id) values (old.tenant_id, old.id) on conflict do nothing;
        return old;
      end if;
      insert into search_dirty (tenant_id, api_id) values (new.tenant_id, new.id) on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`create function search_queue_api_child() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into search_dirty (tenant_id, api_id) values (old.tenant_id, old.api_id) on conflict do nothing;
        return old;
      end if;
      insert into search_dirty (tenant_id, api_id) values (new.tenant_id, new.api_id) on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`create function search_queue_category() returns trigger language plpgsql as $$
    begin
      insert into search_dirty (tenant_id, api_id)
        select tenant_id, id from apis where category_id = new.id and tenant_id = new.tenant_id
        on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`create trigger search_q_apis after insert or update or delete on apis
    for each row execute function search_queue_api()`.execute(db);
  await sql`create trigger search_q_endpoints after insert or update or delete on api_endpoints
    for each row execute function search_queue_api_child()`.execute(db);
  await sql`create trigger search_q_tags after insert or delete on api_tags
    for each row execute function search_queue_api_child()`.execute(db);
  await sql`create trigger search_q_categories after update of name on categories
    for each row execute function search_queue_category()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists search_q_apis on apis`.execute(db);
    await sql`drop trigger if exists search_q_endpoints on api_endpoints`.execute(db);
    await sql`drop trigger if exists search_q_tags on api_tags`.execute(db);
    await sql`drop trigger if exists search_q_categories on categories`.execute(db);
    await sql`drop function if exists search_queue_api, search_queue_api_child, search_queue_category`.execute(db);
  } else {
    for (const name of [
      "search_q_apis_ai",
      "search_q_apis_au",
      "search_q_apis_ad",
      "search_q_endpoints_ai",
      "search_q_endpoints_au",
      "search_q_endpoints_ad",
      "search_q_tags_ai",
      "search_q_tags_ad",
      "search_q_categories_au",
    ]) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
    await sql`drop table if exists search_endpoints_fts`.execute(db);
    await sql`drop table if exists search_fts`.execute(db);
  }
  for (const table of ["search_dirty", "search_vocabulary", "search_endpoints", "search_documents"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

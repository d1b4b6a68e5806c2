import pg from "pg";

/** The test PostgreSQL server (kept free of vitest imports: the db tier's global set-up runs outside a test). */

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}

export function pgSkipped(): boolean {
  return process.env.PORTICO_SKIP_PG === "1";
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = testDatabaseUrl();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL at ${redact(url)} is unreachable (${reason}). Start it, point TEST_DATABASE_URL at one, ` +
        "or set PORTICO_SKIP_PG=1 to skip the PostgreSQL half.",
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The test server's URL with another database name. */
export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid TEST_DATABASE_URL)";
  }
}

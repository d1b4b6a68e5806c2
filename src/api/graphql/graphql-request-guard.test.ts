import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { testProviders } from "../../../tests/providers";
import { loadConfig } from "../../config";
import { createSession } from "../../core/accounts/sessions.service";
import { type Db, openDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { CSRF_COOKIE, CSRF_HEADER, issueCsrfToken } from "../csrf";
import { buildWebServer } from "../web-server";

/*
 * Decision 023: CSRF, variables and cost are checked on the operation that will run, on every transport; suggestions
 * stay hidden with introspection off.
 */

let db: Db;
let app: FastifyInstance;
let userId = "";
/** Session cookie and CSRF cookie of a signed-in browser, and the token the page holds. */
let cookie = "";
let token = "";
const logLines: string[] = [];

const TWO_OPERATIONS = 'query q { __typename } mutation m { updateProfile(input: { bio: "forged" }) { bio } }';

interface Answer {
  status: number;
  json: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
}

async function post(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app.inject({
    method: "POST",
    url: "/gateway/graphql",
    headers: { "content-type": "application/json", cookie, ...headers },
    payload: body,
  });
  return { status: response.statusCode, json: response.json() };
}

const postJson = (payload: object, headers: Record<string, string> = {}) => post(JSON.stringify(payload), headers);

/** A GraphQL multipart request (operations + empty map), as a plain HTML form could send it. */
async function postMultipart(operations: object, headers: Record<string, string> = {}): Promise<Answer> {
  const boundary = "----portico-guard";
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = `${part("operations", JSON.stringify(operations))}${part("map", "{}")}--${boundary}--\r\n`;
  const response = await app.inject({
    method: "POST",
    url: "/gateway/graphql",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(Buffer.byteLength(body)),
      cookie,
      ...headers,
    },
    payload: body,
  });
  return { status: response.statusCode, json: response.json() };
}

async function storedBio(): Promise<string | null> {
  const row = await db.kysely.selectFrom("users").select("bio").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.bio;
}

const errorLogs = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

beforeAll(async () => {
  db = openDatabase({ databaseUrl: "sqlite::memory:", dataDir: "/tmp" });
  await migrateToLatest(db);
  await createTestTenant(db, { id: "1" });
  for (let i = 0; i < 3; i++) await createTestApi(db, "1", { name: `Weather ${i}`, slug: `weather-${i}` });
  userId = (await createTestUser(db, "1", { bio: "original" })).id;
  const logger = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });
  app = await buildWebServer({ config: loadConfig({ LOG_LEVEL: "info" }), db, logger, providers: testProviders(db) });
  await app.ready();
  const session = await createSession(db, "1", userId);
  const csrf = await app.inject({ url: "/gateway/csrf" });
  token = (csrf.json() as { data: { csrfToken: string } }).data.csrfToken;
  const csrfCookie = String(csrf.headers["set-cookie"]).split(";")[0] ?? "";
  expect(csrfCookie.startsWith(`${CSRF_COOKIE}=`)).toBe(true);
  cookie = `portico_session=${session.token}; ${csrfCookie}`;
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(async () => {
  await db.kysely.updateTable("users").set({ bio: "original" }).where("id", "=", userId).execute();
  logLines.length = 0;
});

describe("CSRF on the operation that runs", () => {
  it("refuses a mutation chosen by operationName after a query, without a token or with a wrong one", async () => {
    const missing = await postJson({ query: TWO_OPERATIONS, operationName: "m" });
    expect(missing.status).toBe(419);
    expect(missing.json.errors?.[0]?.extensions?.code).toBe("CSRF");
    const wrong = await postJson(
      { query: TWO_OPERATIONS, operationName: "m" },
      { [CSRF_HEADER]: issueCsrfToken("another-browsers-secret-another-browsers-sec") },
    );
    expect(wrong.status).toBe(419);
    expect(await storedBio()).toBe("original");
    // The same document with the page's token runs the mutation; the query alone needs no token.
    const allowed = await postJson({ query: TWO_OPERATIONS, operationName: "m" }, { [CSRF_HEADER]: token });
    expect(allowed.json).toEqual({ data: { updateProfile: { bio: "forged" } } });
    const query = await postJson({ query: TWO_OPERATIONS, operationName: "q" });
    expect(query.json).toEqual({ data: { __typename: "Query" } });
  });

  it("refuses every multipart request without the token (a form can post multipart, but not set a header)", async () => {
    const mutation = await postMultipart({ query: TWO_OPERATIONS, operationName: "m" });
    expect(mutation.status).toBe(419);
    expect(mutation.json.errors?.[0]?.extensions?.code).toBe("CSRF");
    const wrong = await postMultipart(
      { query: TWO_OPERATIONS, operationName: "m" },
      { [CSRF_HEADER]: issueCsrfToken("another-browsers-secret-another-browsers-sec") },
    );
    expect(wrong.status).toBe(419);
    const query = await postMultipart({ query: TWO_OPERATIONS, operationName: "q" });
    expect(query.status).toBe(419);
    expect(await storedBio()).toBe("original");
    const allowed = await postMultipart({ query: TWO_OPERATIONS, operationName: "m" }, { [CSRF_HEADER]: token });
    expect(allowed.json).toEqual({ data: { updateProfile: { bio: "forged" } } });
  });

  it("never runs a mutation sent with GET, even with the token", async () => {
    const query = encodeURIComponent('mutation m { updateProfile(input: { bio: "forged" }) { bio } }');
    const response = await app.inject({
      method: "GET",
      url: `/gateway/graphql?query=${query}`,
      headers: { cookie, [CSRF_HEADER]: token },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await storedBio()).toBe("original");
  });

  it("refuses a document whose operation to run cannot be determined", async () => {
    const mutationFirst = 'mutation m { updateProfile(input: { bio: "forged" }) { bio } } query q { __typename }';
    const unnamed = await postJson({ query: mutationFirst }, { [CSRF_HEADER]: token });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.errors?.[0]?.message).toBe("Could not determine what operation to execute.");
    const unknown = await postJson({ query: mutationFirst, operationName: "x" }, { [CSRF_HEADER]: token });
    expect(unknown.status).toBe(400);
    expect(await storedBio()).toBe("original");
  });
});

describe("cost budget", () => {
  it("refuses twenty aliased searchApis(first: 100) before running them, naming the budget", async () => {
    const search = 'searchApis(term:"weather",first:100){nodes{id name}}';
    const query = `{${Array.from({ length: 20 }, (_, i) => `a${i}:${search}`).join(" ")}}`;
    const answer = await postJson({ query });
    expect(answer.status).toBe(400);
    expect(answer.json.data).toBeUndefined();
    expect(answer.json.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(answer.json.errors?.[0]?.message).toMatch(/^Query cost 8,020 exceeds the budget of 5,000: /);
    // One of them is fine.
    const one = await postJson({ query: `{ ${search} }` });
    expect(one.json.errors).toBeUndefined();
  });
});

describe("input errors", () => {
  it("answers a 10,000-deep array variable as a 400 input error, not INTERNAL at error level", async () => {
    const deep = `${"[".repeat(10_000)}"x"${"]".repeat(10_000)}`;
    const body = `{"query":"query($c: [String!]) { searchApis(categoryNames: $c) { total } }","variables":{"c":${deep}}}`;
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.json.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(answer.json.errors?.[0]?.message).toMatch(/^Variable "\$c" got invalid value/);
    expect(errorLogs()).toEqual([]);
  });

  it("hides 'Did you mean' suggestions in validation and variable errors while introspection is off", async () => {
    // Twice: the second answer comes from yoga's validation cache.
    for (let i = 0; i < 2; i++) {
      const field = await postJson({ query: "{ categorie { id } }" });
      expect(field.json.errors?.[0]?.message).toBe('Cannot query field "categorie" on type "Query".');
    }
    const argument = await postJson({ query: "{ apis(firs: 1) { total } }" });
    expect(argument.json.errors?.[0]?.message).toBe('Unknown argument "firs" on field "Query.apis".');
    const enumValue = await postJson({
      query: "query($o: SearchOrderBy) { searchApis(orderBy: $o) { total } }",
      variables: { o: { sortingFields: [{ fieldName: "POPULARIT" }] } },
    });
    expect(enumValue.status).toBe(400);
    expect(enumValue.json.errors?.[0]?.message).not.toMatch(/Did you mean|POPULARITY/);
    expect(enumValue.json.errors?.[0]?.message).toMatch(/does not exist in "SearchSortField" enum/);
  });

  it("keeps the suggestions where introspection is on (they reveal nothing more there)", async () => {
    const open = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", GRAPHQL_INTROSPECTION: "true" }),
      db,
      logger: pino({ level: "silent" }),
      providers: testProviders(db),
    });
    try {
      const response = await open.inject({
        method: "POST",
        url: "/gateway/graphql",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ query: "{ categorie { id } }" }),
      });
      expect((response.json() as Answer["json"]).errors?.[0]?.message).toMatch(/Did you mean "categories"/);
    } finally {
      await open.close();
    }
  });
});

import fs from "node:fs";
import path from "node:path";
import {
  type DocumentNode,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isListType,
  Kind,
  parse,
  typeFromAST,
} from "graphql";
import { createSchema } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { GRAPHQL_COST, operationCost } from "./graphql-cost";
import { graphqlTypeDefs } from "./graphql-server";

const schema = createSchema({ typeDefs: graphqlTypeDefs }) as GraphQLSchema;

function cost(query: string, variables: Record<string, unknown> = {}, operationName?: string): number {
  const document = parse(query);
  const operation = getOperationAST(document, operationName);
  if (!operation) throw new Error("no operation");
  return operationCost(schema, document, operation, variables);
}

const ROOT = path.resolve(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every GraphQL document the app's own client and its e2e tests send: string literals that start with `query` or
 * `mutation`; `${NAME}` is replaced by the file's string constant NAME (billing's MONEY selection).
 */
function clientDocuments(): Array<{ where: string; text: string }> {
  const found: Array<{ where: string; text: string }> = [];
  for (const file of [...sourceFiles(path.join(ROOT, "src/web")), ...sourceFiles(path.join(ROOT, "tests/e2e"))]) {
    const source = fs.readFileSync(file, "utf8");
    const constants = new Map<string, string>();
    for (const m of source.matchAll(/const (\w+) = "([^"\n]*)";/g)) constants.set(m[1] ?? "", m[2] ?? "");
    for (const m of source.matchAll(/`([^`]*)`|"((?:[^"\\\n]|\\.)*)"/g)) {
      const raw = m[1] ?? m[2] ?? "";
      if (!/^\s*(query|mutation)\s*[\w({]/.test(raw)) continue;
      const text = raw.replace(/\$\{(\w+)\}/g, (whole, name: string) => constants.get(name) ?? whole);
      found.push({ where: path.relative(ROOT, file), text });
    }
  }
  return found;
}

/** The worst case for a document: every Int variable (page sizes among them) at the largest page. */
function worstCaseVariables(document: DocumentNode): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const v of definition.variableDefinitions ?? []) {
      const type = typeFromAST(schema, v.type);
      if (type && !isListType(type) && getNamedType(type).name === "Int") {
        variables[v.variable.name.value] = GRAPHQL_COST.maxPage;
      }
    }
  }
  return variables;
}

describe("operationCost", () => {
  it("prices twenty aliased searchApis(first: 100) far over the budget, and one of them under it", () => {
    const one = "searchApis(first: 100) { nodes { id name } }";
    const twenty = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: ${one}`).join(" ")} }`;
    expect(cost(twenty)).toBeGreaterThan(GRAPHQL_COST.budget);
    expect(cost(`{ ${one} }`)).toBeLessThan(GRAPHQL_COST.budget);
    // 100 (search) + 1 (nodes) + 100 nodes × (1 + id + name).
    expect(cost(`{ ${one} }`)).toBe(401);
  });

  it("multiplies by first/limit given literally, by variable or left to the default page", () => {
    const connection = "query($n: Int) { apis(first: $n) { total nodes { id } } }";
    expect(cost(connection, { n: 5 })).toBe(1 + 1 + 1 + 5 * 2);
    expect(cost(connection, {})).toBe(3 + GRAPHQL_COST.defaultPage * 2);
    // A larger first is cut to the largest page by the resolvers, and priced so.
    expect(cost(connection, { n: 10_000 })).toBe(3 + GRAPHQL_COST.maxPage * 2);
    expect(cost("{ newNotificationsByUserId(limit: 7) { nodes { id } } }")).toBe(2 + 7 * 2);
    expect(cost("{ myInvoices(first: 3) { id } }")).toBe(1 + 3 * 2);
    expect(cost('{ category(slug: "x", first: 4) { apis { nodes { id } } } }')).toBe(3 + 4 * 2);
    // Facet counts are not the page: they are priced as a plain list.
    expect(cost("{ searchApis(first: 50) { facets { authTypes { value } } } }")).toBe(
      100 + 50 + 1 + GRAPHQL_COST.defaultUnpagedList * 2,
    );
    // A plain list: the assumed size; a list of scalars costs 1.
    expect(cost("{ categories { id } }")).toBe(1 + GRAPHQL_COST.defaultUnpagedList * 2);
    expect(cost("{ getTagsList { values } }")).toBe(1 + GRAPHQL_COST.defaultUnpagedList * 2);
  });

  it("prices the operation that runs, with fragments expanded", () => {
    const document = `
      query small { categories { id } }
      query big { ...Many }
      fragment Many on Query { a: searchApis(first: 50) { nodes { ...Api } } b: searchApis(first: 50) { total } }
      fragment Api on ApiProduct { id name }
    `;
    expect(cost(document, {}, "small")).toBe(21);
    expect(cost(document, {}, "big")).toBe(100 + 1 + 50 * 3 + 100 + 1);
  });

  it("counts nested fragment spreads without expanding them again and again", () => {
    // Each fragment spreads the next one twice: 2^30 copies of `id` if expanded naively.
    const levels = 30;
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on ApiProduct { id ${i + 1 < levels ? `...F${i + 1} ...F${i + 1}` : ""} }`,
    ).join("\n");
    // Naive expansion would not finish within the test's time-out.
    expect(cost(`{ api(username: "u", slug: "s") { ...F0 } } ${fragments}`)).toBe(1 + 2 ** levels - 1);
  });

  it("keeps every document the app's own client and e2e tests send under the budget", () => {
    const documents = clientDocuments();
    // The scan found the client's documents (typeahead, notifications, billing, social, …).
    expect(documents.length).toBeGreaterThan(30);
    const priced = documents.map(({ where, text }) => {
      const document = parse(text);
      const operation = getOperationAST(document);
      if (!operation) throw new Error(`${where}: no single operation`);
      return { where, cost: operationCost(schema, document, operation, worstCaseVariables(document)) };
    });
    const largest = priced.reduce((a, b) => (b.cost > a.cost ? b : a));
    expect(largest.cost, largest.where).toBeLessThan(GRAPHQL_COST.budget / 2);
  });
});

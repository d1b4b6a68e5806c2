import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from "graphql";

/*
 * The cost of a GraphQL operation, computed before it runs (decision 023). A request can stay small in bytes and
 * still ask for a lot of work (twenty aliased searchApis(first: 100) in 1 KB), so the depth, alias and token limits
 * are not enough: every field is priced and the whole operation must stay under a budget.
 *
 * The model:
 * - every field costs its weight (1, more for the heavy resolvers below);
 * - a list of objects costs weight + n × (1 + the cost of one element's selection), a list of scalars its weight;
 *   n is the field's own page size argument (first/last/limit/size; the default page when not given), else the page
 *   size of the paged field above it when the list is that field's page: a direct child list (myInvoices' rows,
 *   searchApis' nodes) or a `nodes`/`edges` list further down (category(first).apis.nodes); any other list (facet
 *   counts, a node's own lists) is assumed to hold `defaultUnpagedList` items;
 * - n is capped at MAX_PAGE, the largest page any resolver serves (a bigger `first` is cut to it);
 * - fragments are expanded (their cost is memoized, so spreads nested in spreads cannot make the count slow);
 * - @skip/@include are ignored: the count is for the worst case;
 * - introspection fields are resolved in memory from the schema and cost 1 (their depth is limited elsewhere).
 */
export const GRAPHQL_COST = {
  /** The largest cost an operation may have; every query the app's own client sends stays far below it. */
  budget: 5_000,
  /** What a paged field's list is assumed to hold when the request does not say (the resolvers' default page). */
  defaultPage: 20,
  /** What a list without page arguments is assumed to hold. */
  defaultUnpagedList: 10,
  /** Resolvers cap every page at 100 (search at 50): a larger `first` costs like 100. */
  maxPage: 100,
} as const;

const PAGE_SIZE_ARGS = ["first", "last", "limit", "size"] as const;

/** Resolvers that do much more than read a row: full-text search with ranking, and its facet counts. */
const FIELD_WEIGHTS: Readonly<Record<string, number>> = {
  "Query.searchApis": 100,
  "Query.searchCollections": 100,
  "Query.searchResources": 100,
  "ApiSearchResult.facets": 50,
};

type Variables = Record<string, unknown>;

/** The page size of the nearest paged field above, and whether the selection is that field's own. */
type Page = { size: number; direct: boolean } | null;

const CONNECTION_LISTS = new Set(["nodes", "edges"]);

/** The page size a field asks for: its page size argument, the resolver's default when absent, null if unpaged. */
function requestedPage(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Variables): number | null {
  const pageArgs = field.args.filter((a) => (PAGE_SIZE_ARGS as readonly string[]).includes(a.name));
  if (pageArgs.length === 0) return null;
  let values: Record<string, unknown> = {};
  try {
    values = getArgumentValues(field, node, variables);
  } catch {
    // Invalid arguments fail in execution with their own message; price the default page meanwhile.
  }
  const asked = pageArgs.map((a) => values[a.name]).find((v): v is number => typeof v === "number");
  const size = asked ?? GRAPHQL_COST.defaultPage;
  return Math.min(Math.max(size, 0), GRAPHQL_COST.maxPage);
}

function fieldDefinition(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if ("getFields" in parent) return parent.getFields()[name];
  return undefined;
}

/** The cost of `operation` with its (coerced) variables; linear in the document's size. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const fragmentCosts = new Map<string, number>();

  function selectionCost(parent: GraphQLCompositeType, set: SelectionSetNode, inherited: Page): number {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        total += fieldCost(parent, selection, inherited);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (condition && isCompositeType(condition))
          total += selectionCost(condition, selection.selectionSet, inherited);
      } else {
        const key = `${selection.name.value}:${inherited?.size ?? ""}:${inherited?.direct ?? ""}`;
        let cost = fragmentCosts.get(key);
        if (cost === undefined) {
          const fragment = fragments.get(selection.name.value);
          const condition = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined;
          cost =
            fragment && condition && isCompositeType(condition)
              ? selectionCost(condition, fragment.selectionSet, inherited)
              : 0;
          fragmentCosts.set(key, cost);
        }
        total += cost;
      }
    }
    return total;
  }

  function fieldCost(parent: GraphQLCompositeType, node: FieldNode, inherited: Page): number {
    const name = node.name.value;
    if (name === SchemaMetaFieldDef.name || name === TypeMetaFieldDef.name) return 1;
    const field = fieldDefinition(parent, name);
    if (!field) return 1; // Validation has refused unknown fields already; never reached in practice.
    const weight = FIELD_WEIGHTS[`${parent.name}.${name}`] ?? 1;
    const type = getNamedType(field.type);
    if (!node.selectionSet || !isCompositeType(type)) return weight;
    const own = requestedPage(field, node, variables);
    if (isListType(getNullableType(field.type))) {
      const page = inherited && (inherited.direct || CONNECTION_LISTS.has(name)) ? inherited.size : null;
      const n = own ?? page ?? GRAPHQL_COST.defaultUnpagedList;
      return weight + n * (1 + selectionCost(type, node.selectionSet, null));
    }
    const below: Page = own !== null ? { size: own, direct: true } : inherited && { ...inherited, direct: false };
    return weight + selectionCost(type, node.selectionSet, below);
  }

  const root = schema.getRootType(operation.operation);
  return root ? selectionCost(root, operation.selectionSet, null) : 0;
}

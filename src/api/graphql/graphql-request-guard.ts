import { GraphQLError, type GraphQLErrorOptions, getOperationAST, getVariableValues, OperationTypeNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { httpStatusOf } from "../../core/errors/app-error";
import type { GraphQLContext } from "./graphql-context";
import { GRAPHQL_COST, operationCost } from "./graphql-cost";

/*
 * Checks made on the operation that will actually run, once per request, before any resolver (decision 023):
 * which operation that is (operationName resolved the way execution resolves it), the CSRF token for a mutation,
 * the variables, and the cost budget. Looking at the document's first operation instead let
 * `query q {…} mutation m {…}` with operationName "m" run the mutation without a token.
 */

/** Cost of a number in the message: "12,345". */
const formatCount = (n: number) => n.toLocaleString("en-US");

function badRequest(message: string, options: GraphQLErrorOptions = {}): GraphQLError {
  return new GraphQLError(message, {
    ...options,
    extensions: { code: "BAD_REQUEST", http: { status: httpStatusOf("BAD_REQUEST") } },
  });
}

/** "Did you mean …?" names schema fields, arguments, types and enum values: with introspection off, it leaks them. */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, "");
}

export function guardExecutingOperation(options: { hideSuggestions: boolean }): Plugin<GraphQLContext> {
  const clean = (message: string) => (options.hideSuggestions ? withoutSuggestions(message) : message);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      // yoga refuses such a document when it parses it (every transport); refused here too, never guessed.
      if (!operation) throw badRequest("Could not determine what operation to execute.");
      if (operation.operation === OperationTypeNode.MUTATION && !args.contextValue.csrfValid) {
        throw new GraphQLError("Invalid or missing CSRF token", {
          extensions: { code: "CSRF", http: { status: httpStatusOf("CSRF") } },
        });
      }
      // Coerced here, before execution, so a bad value (a 10,000-deep array for a [String!]) is the client's error
      // (400), not an unexpected one; execution coerces the same variables again, cheaply.
      const raw = (args.variableValues ?? {}) as Record<string, unknown>;
      const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], raw, { maxErrors: 10 });
      if (coerced.errors) {
        setResultAndStopExecution({
          errors: coerced.errors.map((e) => badRequest(clean(e.message), { nodes: e.nodes })),
        });
        return;
      }
      const cost = operationCost(args.schema, args.document, operation, coerced.coerced);
      if (cost > GRAPHQL_COST.budget) {
        throw badRequest(
          `Query cost ${formatCount(cost)} exceeds the budget of ${formatCount(GRAPHQL_COST.budget)}: ` +
            "ask for fewer or smaller lists (first), or split the query",
        );
      }
    },
  };
}

/** Strips the suggestions from validation errors (unknown fields, arguments, types, enum values). */
export function hideValidationSuggestions(): Plugin {
  return {
    onValidate() {
      return ({ result, setResult }) => {
        if (!result.some((e) => /Did you mean/.test(e.message))) return;
        setResult(
          result.map(
            (e) =>
              new GraphQLError(withoutSuggestions(e.message), {
                nodes: e.nodes,
                source: e.source,
                positions: e.positions,
                path: e.path,
                extensions: e.extensions,
              }),
          ),
        );
      };
    },
  };
}

import { parse, validate } from "graphql";
import { createSchema } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { graphqlTypeDefs } from "../../api/graphql/graphql-server";
import { BILLING_DOCUMENTS } from "./billing-client";

// The billing screens' documents against the server's schema: a renamed field or argument fails here, not in a browser.
const schema = createSchema({ typeDefs: graphqlTypeDefs });

describe("billing client documents", () => {
  for (const [name, document] of Object.entries(BILLING_DOCUMENTS)) {
    it(`${name} is valid against the GraphQL schema`, () => {
      expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
    });
  }

  it("would catch a field the schema does not have", () => {
    const broken = BILLING_DOCUMENTS.QUOTE.replace("teamAddedFree", "teamAddedForFree");
    expect(validate(schema, parse(broken)).length).toBeGreaterThan(0);
  });
});

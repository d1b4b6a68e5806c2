import { parse, validate } from "graphql";
import { createSchema } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { accessTypeDefs } from "../../api/graphql/access.graphql";
import { accountsTypeDefs } from "../../api/graphql/accounts.graphql";
import { apiProductsTypeDefs } from "../../api/graphql/api-products.graphql";
import { appsTypeDefs } from "../../api/graphql/apps.graphql";
import { billingTypeDefs } from "../../api/graphql/billing.graphql";
import { catalogTypeDefs } from "../../api/graphql/catalog.graphql";
import { contentTypeDefs } from "../../api/graphql/content.graphql";
import { orgsTypeDefs } from "../../api/graphql/orgs.graphql";
import { plansTypeDefs } from "../../api/graphql/plans.graphql";
import { searchTypeDefs } from "../../api/graphql/search.graphql";
import { socialTypeDefs } from "../../api/graphql/social.graphql";
import { BILLING_DOCUMENTS } from "./billing-client";

// The billing screens' documents against the server's schema: a renamed field or argument fails here, not in a browser.
const schema = createSchema({
  typeDefs: [
    catalogTypeDefs,
    searchTypeDefs,
    accountsTypeDefs,
    orgsTypeDefs,
    socialTypeDefs,
    accessTypeDefs,
    appsTypeDefs,
    plansTypeDefs,
    contentTypeDefs,
    apiProductsTypeDefs,
    billingTypeDefs,
  ],
});

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

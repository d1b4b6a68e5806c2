import billing from "./billing.md?raw";
import consumers from "./consumers.md?raw";
import gateway from "./gateway.md?raw";
import graphql from "./graphql.md?raw";
import providers from "./providers.md?raw";

/** The product documentation served at /docs (the "Docs" link of the menus): slug → Markdown, in reading order. */
export const DOC_PAGES = [
  { slug: "consumers", titleKey: "docs.pages.consumers", source: consumers },
  { slug: "providers", titleKey: "docs.pages.providers", source: providers },
  { slug: "gateway", titleKey: "docs.pages.gateway", source: gateway },
  { slug: "billing", titleKey: "docs.pages.billing", source: billing },
  { slug: "graphql", titleKey: "docs.pages.graphql", source: graphql },
] as const;

export type DocSlug = (typeof DOC_PAGES)[number]["slug"];

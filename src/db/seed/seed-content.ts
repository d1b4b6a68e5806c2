import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import { parseTenantConfig, type TenantConfig } from "../../common/tenant-config";
import type { PagesTable, TagDefinitionsTable } from "../schema";

/** Tenant 1: the public Portico marketplace with the default look. */
export function portalTenantConfig(): TenantConfig {
  return parseTenantConfig({ brandName: "Portico" });
}

/** Tenant 2: a private company hub with a light masthead and a violet accent, visible only when signed in. */
export function acmeTenantConfig(): TenantConfig {
  return parseTenantConfig({
    brandName: "Acme Internal Hub",
    accentColor: "#7c3aed",
    theme: {
      fontFamily: "'Inter', 'Public Sans Variable', system-ui, sans-serif",
      backgroundColor: "#ffffff",
      linkColor: "#475569",
      linkHoverColor: "#0f172a",
      selectedLinkColor: "#5b21b6",
      selectedLinkBottomLineColor: "#7c3aed",
      signUpBtnColor: "#ffffff",
      signUpBtnBgColor: "#7c3aed",
    },
    switches: { publicMode: false, invoiceBilling: true },
    defaultCurrency: "EUR",
    supportEmail: "api-platform@acme.example",
    // The optional cookie-consent banner (spec section 1) is on here, so the demo shows it.
    consent: { enabled: true, policyUrl: "/page/privacy" },
  });
}

type PageText = { slug: string; title: string; body: string };

const PORTICO_PAGES: PageText[] = [
  {
    slug: "about",
    title: "About Portico",
    body: `# About Portico

Portico is an open-source API marketplace. Browse public APIs by category or collection, read their documentation,
try their endpoints and subscribe to a plan with one account and one API key.

## Where the catalog comes from

The demo catalog is built from two open data sets:

- the [public-apis](https://github.com/marcelscruz/public-apis) listings (MIT licence), and
- OpenAPI definitions collected by the [APIs.guru OpenAPI Directory](https://apis.guru/) (CC0 1.0).

Followers, ratings and metrics shown for demo APIs are generated, not measured, and are marked as demo data.
`,
  },
  {
    slug: "terms",
    title: "Terms of Use",
    body: `# Terms of Use

These terms govern your use of this Portico marketplace.

1. **Accounts.** Keep your credentials and API keys secret. You are responsible for calls made with your keys.
2. **Providers.** Each API is offered by its provider under the provider's own terms, linked from the API page.
3. **Fair use.** Do not use the marketplace to attack, overload or scrape the APIs listed here.
4. **Billing.** Paid plans are billed in advance for each period; usage above a plan's quota is charged or blocked as
   the plan states.
5. **Changes.** We may change these terms; we will announce material changes on this page.

Questions? Write to the support address shown in the footer.
`,
  },
  {
    slug: "privacy",
    title: "Privacy Policy",
    body: `# Privacy Policy

We collect only what the marketplace needs to work:

- **Account data:** your name, username, e-mail address and profile fields you choose to fill in.
- **Usage data:** the API calls you make through the gateway (time, endpoint, status, latency), kept for analytics and
  billing.
- **Cookies:** a session cookie, a CSRF cookie and your language and theme choices. Analytics cookies are set only
  after you consent.

We do not sell personal data. You can ask for a copy of your data or for its deletion at any time.
`,
  },
];

const ACME_PAGES: PageText[] = [
  {
    slug: "about",
    title: "About the Acme Internal Hub",
    body: `# About the Acme Internal Hub

The hub lists the external APIs that Acme teams have reviewed and approved, with the team that owns each
integration. Ask the owning team before putting a new API into production.
`,
  },
  {
    slug: "terms",
    title: "Acceptable Use",
    body: `# Acceptable Use

APIs in this hub are for Acme business use only. Keys are issued per team and must be stored in the secrets vault.
`,
  },
  {
    slug: "privacy",
    title: "Data Handling",
    body: `# Data Handling

Do not send customer personal data to an external API unless its entry is tagged *confidential: approved*.
`,
  },
];

/** The footer's other links (spec "Layout": About, Blog, Careers, Team, Press, Contact, Terms, Privacy). */
function footerPages(brand: string, supportEmail: string): PageText[] {
  return [
    {
      slug: "blog",
      title: `${brand} Blog`,
      body: `# ${brand} Blog\n\nRelease notes and articles about building with the APIs in this marketplace are published here.\n\n## Welcome to ${brand}\n\nThe catalog, search, API pages and the gateway are live. Follow APIs you care about to hear about new versions.\n`,
    },
    {
      slug: "careers",
      title: "Careers",
      body: `# Careers\n\n${brand} is built in the open. There are no open positions listed right now; contributions to the open-source project are always welcome.\n`,
    },
    {
      slug: "team",
      title: "Team",
      body: `# Team\n\n${brand} is run by a small team of engineers who care about fast, correct and secure API tooling.\n`,
    },
    {
      slug: "press",
      title: "Press",
      body: `# Press\n\nFor press enquiries, logos and product screenshots, write to ${supportEmail}.\n`,
    },
    {
      slug: "contact",
      title: "Contact",
      body: `# Contact\n\n- **Support and refunds:** ${supportEmail}\n- **API providers:** use the contact button on your API's page to reach its creator.\n`,
    },
  ];
}

export function pageRows(tenantId: string, which: "portico" | "acme", now: number): Array<Insertable<PagesTable>> {
  const config = which === "portico" ? portalTenantConfig() : acmeTenantConfig();
  const pages = [
    ...(which === "portico" ? PORTICO_PAGES : ACME_PAGES),
    ...footerPages(config.brandName, config.supportEmail),
  ];
  return pages.map((p) => ({ id: newId("pag"), tenant_id: tenantId, ...p, created_at: now, updated_at: now }));
}

export interface TagSpec {
  key: string;
  name: string;
  color: string;
  description: string;
  values: string[];
  visible: boolean;
  showName: boolean;
}

export function tagDefinitionRows(tenantId: string, tags: TagSpec[]) {
  const ids = new Map<string, string>();
  const rows: Array<Insertable<TagDefinitionsTable>> = tags.map((t) => {
    const id = newId("tag");
    ids.set(t.key, id);
    return {
      id,
      tenant_id: tenantId,
      name: t.name,
      color: t.color,
      description: t.description,
      status: "ACTIVE",
      type: "LIST",
      values_json: JSON.stringify(t.values),
      is_visible: t.visible ? 1 : 0,
      show_tag_name: t.showName ? 1 : 0,
    };
  });
  return { rows, ids };
}

/** Auth value for tags: the listing's or spec's auth type, "none" when there is none. */
export function authTagValue(authType: string | null): string {
  return authType && authType.trim() !== "" ? authType : "none";
}

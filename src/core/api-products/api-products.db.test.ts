import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import type { Db } from "../../db/connection";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { getApiDetail } from "../catalog/catalog.service";
import { type AppError, isAppError } from "../errors/app-error";
import { addOrganizationMember, createOrganization } from "../orgs/orgs.service";
import { createApi, deleteApi, listMyApis, requireEditableApi, updateApi } from "./api-products.service";

const options = { allowPrivateUpstreams: false };

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function viewerOf(db: Db, tenantId: string, userId: string): Promise<Viewer> {
  const viewer = await getViewer(db, tenantId, userId);
  if (!viewer) throw new Error("no viewer");
  return viewer;
}

describeEachDialect("studio API writes", ({ db }) => {
  let tenantId = "";
  let ann: Viewer;
  let bob: Viewer;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    ann = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    bob = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
  });

  it("creates an API in the personal context with a slug from the name, lists, edits and deletes it", async () => {
    const category = await createTestCategory(db(), tenantId);
    const created = await createApi(
      { db: db(), tenantId, viewer: ann },
      {
        name: "Weather Now!",
        categoryId: category.id,
        shortDescription: "Forecasts",
        website: "https://weather.example.com",
        thumbnail: "https://weather.example.com/logo.png",
        upstreamUrl: "https://api.weather.example.com/v1",
      },
      options,
    );
    expect(created).toMatchObject({ slug: "weather-now", ownerUsername: ann.username, visibility: "PUBLIC" });
    expect(created.upstreamUrl).toBe("https://api.weather.example.com/v1");
    const detail = await getApiDetail(db(), tenantId, ann.username, "weather-now", ann);
    expect(detail?.categoryName).toBe(category.name);

    const mine = await listMyApis({ db: db(), tenantId, viewer: ann });
    expect(mine.context).toMatchObject({ type: "User", ownerId: ann.id });
    expect(mine.apis.map((a) => a.slug)).toContain("weather-now");

    const updated = await updateApi(
      { db: db(), tenantId, viewer: ann },
      created.id,
      { shortDescription: "Now hourly" },
      options,
    );
    // Fields not sent keep their values (visibility is not reset to its default).
    expect(updated).toMatchObject({ shortDescription: "Now hourly", visibility: "PUBLIC", website: created.website });
    await updateApi({ db: db(), tenantId, viewer: ann }, created.id, { visibility: "PRIVATE", website: "" }, options);
    expect(await requireEditableApi({ db: db(), tenantId, viewer: ann }, created.id)).toMatchObject({
      visibility: "PRIVATE",
      website: null,
    });

    expect(await deleteApi({ db: db(), tenantId, viewer: ann }, created.id)).toBe(true);
    expect(await getApiDetail(db(), tenantId, ann.username, "weather-now", ann)).toBeNull();
  });

  it("refuses invalid slugs, URLs, categories, private upstreams and a taken slug, naming the field", async () => {
    const bad = async (input: Record<string, unknown>) =>
      (await refusal(() => createApi({ db: db(), tenantId, viewer: ann }, { name: "Valid Name", ...input }, options)))
        .details?.fields;
    expect(await bad({ slug: "Not A Slug" })).toEqual({
      slug: "The slug may only hold lower-case letters, digits and single dashes",
    });
    expect(await bad({ website: "javascript:alert(1)" })).toEqual({ website: "The URL is not valid. Please verify." });
    expect(await bad({ thumbnail: "ftp://x.example/a.png" })).toEqual({
      thumbnail: "The URL is not valid. Please verify.",
    });
    expect(await bad({ categoryId: "cat_missing" })).toEqual({ categoryId: "Choose one of the listed categories" });
    expect(await bad({ upstreamUrl: "http://169.254.169.254/" })).toEqual({
      upstreamUrl: "Private, loopback and link-local upstream addresses are not allowed",
    });
    expect(await bad({ name: "x" })).toEqual({ name: "Enter a name of 2 to 100 characters" });
    await createApi({ db: db(), tenantId, viewer: ann }, { name: "Taken", slug: "taken" }, options);
    const conflict = await refusal(() => createApi({ db: db(), tenantId, viewer: ann }, { name: "Taken" }, options));
    expect(conflict.code).toBe("CONFLICT");
    // Another owner may use the same slug.
    expect((await createApi({ db: db(), tenantId, viewer: bob }, { name: "Taken" }, options)).slug).toBe("taken");
  });

  it("stores the About tab's features and resources, replaces them on update and refuses bad links", async () => {
    const api = await createApi(
      { db: db(), tenantId, viewer: ann },
      {
        name: "About lists",
        features: [" Fast ", "", "Cheap"],
        resources: [{ title: "Docs", url: "https://docs.example.com" }],
      },
      options,
    );
    expect(api.features).toEqual(["Fast", "Cheap"]);
    expect(api.resources).toEqual([{ title: "Docs", url: "https://docs.example.com" }]);
    const detail = await getApiDetail(db(), tenantId, api.ownerUsername, api.slug, ann);
    expect(detail?.features).toEqual(["Fast", "Cheap"]);
    const updated = await updateApi({ db: db(), tenantId, viewer: ann }, api.id, { features: ["Only"] }, options);
    expect(updated.features).toEqual(["Only"]);
    expect(updated.resources).toHaveLength(1);
    const refused = await refusal(() =>
      updateApi(
        { db: db(), tenantId, viewer: ann },
        api.id,
        {
          resources: [
            { title: "ok", url: "https://a.example" },
            { title: "x", url: "javascript:alert(1)" },
          ],
        },
        options,
      ),
    );
    expect(refused.details?.fields).toEqual({ resources: "Line 2: The URL is not valid. Please verify." });
    const tooMany = await refusal(() =>
      updateApi(
        { db: db(), tenantId, viewer: ann },
        api.id,
        { features: Array.from({ length: 21 }, (_, i) => `f${i}`) },
        options,
      ),
    );
    expect(tooMany.details?.fields).toEqual({ features: "List at most 20 features" });
  });

  it("lets only the owner (or the owner's organization members) edit and delete", async () => {
    const api = await createApi({ db: db(), tenantId, viewer: ann }, { name: "Guarded" }, options);
    expect(
      (await refusal(() => updateApi({ db: db(), tenantId, viewer: bob }, api.id, { name: "Mine" }, options))).code,
    ).toBe("FORBIDDEN");
    expect((await refusal(() => deleteApi({ db: db(), tenantId, viewer: null }, api.id))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(() => deleteApi({ db: db(), tenantId, viewer: bob }, api.id))).code).toBe("FORBIDDEN");
    const other = (await createTestTenant(db())).id;
    const outsider = await viewerOf(db(), other, (await createTestUser(db(), other)).id);
    expect((await refusal(() => deleteApi({ db: db(), tenantId: other, viewer: outsider }, api.id))).code).toBe(
      "NOT_FOUND",
    );
    expect((await requireEditableApi({ db: db(), tenantId, viewer: ann }, api.id)).name).toBe("Guarded");
  });

  it("publishes for an organization: any member edits it, outsiders may not publish there", async () => {
    const org = await createOrganization({ db: db(), tenantId, viewer: ann }, { name: "Studio Org" });
    const carol = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    await addOrganizationMember({ db: db(), tenantId, viewer: ann }, org.id, { username: carol.username });
    const api = await createApi({ db: db(), tenantId, viewer: ann }, { name: "Org API", contextId: org.id }, options);
    expect(api.ownerId).toBe(org.id);
    expect(api.ownerUsername).toBe(org.slugifiedName);
    const listed = await listMyApis({ db: db(), tenantId, viewer: carol }, org.id);
    expect(listed.context).toMatchObject({ type: "Organization", ownerId: org.id, name: "Studio Org" });
    expect(listed.apis.map((a) => a.id)).toEqual([api.id]);
    expect((await updateApi({ db: db(), tenantId, viewer: carol }, api.id, { name: "Org API 2" }, options)).name).toBe(
      "Org API 2",
    );
    expect((await refusal(() => listMyApis({ db: db(), tenantId, viewer: bob }, org.id))).code).toBe("FORBIDDEN");
    expect(
      (
        await refusal(() =>
          createApi({ db: db(), tenantId, viewer: bob }, { name: "Sneaky", contextId: org.id }, options),
        )
      ).code,
    ).toBe("FORBIDDEN");
    // The API page resolves under the organization's username.
    expect((await getApiDetail(db(), tenantId, org.slugifiedName, "org-api", null))?.name).toBe("Org API 2");
  });
});

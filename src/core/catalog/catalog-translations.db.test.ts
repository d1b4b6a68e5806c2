import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { searchCollections } from "../search/search.service";
import { getApiDetail, listCategories } from "./catalog.service";
import { upsertCategoryTranslations, upsertCollectionTranslations } from "./catalog-translations.queries";
import { getCatalogLocalizer } from "./catalog-translations.service";

describeEachDialect("category and collection translations", ({ db }) => {
  const A = "i18n-a";
  const B = "i18n-b";
  let owner = "";

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    const weather = await createTestCategory(db(), A, { slug: "weather", name: "Weather", description: "Forecasts" });
    const tools = await createTestCategory(db(), A, { slug: "tools", name: "Tools", description: "Utilities" });
    owner = (await createTestApi(db(), A, { slug: "rain", name: "Rain", category_id: weather.id })).ownerUsername;
    const top = await createTestCollection(db(), A, { slug: "top", name: "Top", position: 0, apiIds: [] });
    await upsertCategoryTranslations(db(), A, [
      { id: weather.id, locale: "de", name: "Wetter", description: null },
      { id: tools.id, locale: "de", name: "Werkzeuge", description: "Hilfsmittel" },
    ]);
    // Written twice: the second write replaces the first (re-running the seed fixes a translation).
    await upsertCollectionTranslations(db(), A, [{ id: top.id, locale: "he", name: "טעות", description: null }]);
    await upsertCollectionTranslations(db(), A, [{ id: top.id, locale: "he", name: "מובילים", description: "הכי" }]);
    const otherWeather = await createTestCategory(db(), B, { slug: "weather", name: "Weather B" });
    await upsertCategoryTranslations(db(), B, [
      { id: otherWeather.id, locale: "de", name: "Wetter B", description: null },
    ]);
  });

  it("names categories in the page's language, keeping the en-US description where none was translated", async () => {
    const de = await getCatalogLocalizer(db(), A, "de");
    const names = (await listCategories(db(), A)).map(de.category).map((c) => [c.slug, c.name, c.description]);
    expect(names).toEqual([
      ["tools", "Werkzeuge", "Hilfsmittel"],
      ["weather", "Wetter", "Forecasts"],
    ]);
  });

  it("falls back to en-US for a language without translations, and reads only its own tenant's rows", async () => {
    const fr = await getCatalogLocalizer(db(), A, "fr");
    expect((await listCategories(db(), A)).map(fr.category).map((c) => c.name)).toEqual(["Tools", "Weather"]);
    const deB = await getCatalogLocalizer(db(), B, "de");
    expect(deB.categoryName("weather", "Weather B")).toBe("Wetter B");
    expect(deB.categoryName("tools", "Tools")).toBe("Tools");
  });

  it("renames the category on API cards and pages, and collections by slug", async () => {
    const de = await getCatalogLocalizer(db(), A, "de");
    const api = await getApiDetail(db(), A, owner, "rain");
    expect(api && de.card(api).categoryName).toBe("Wetter");
    const he = await getCatalogLocalizer(db(), A, "he");
    expect(he.collection({ slug: "top", name: "Top", description: null })).toEqual({
      slug: "top",
      name: "מובילים",
      description: "הכי",
    });
  });

  it("finds collections by their name in the page's language as well as in en-US", async () => {
    const he = await getCatalogLocalizer(db(), A, "he");
    const page = { offset: 0, limit: 10, localize: he.collection };
    expect((await searchCollections(db(), A, { term: "מובילים", ...page })).items.map((c) => c.name)).toEqual([
      "מובילים",
    ]);
    expect((await searchCollections(db(), A, { term: "top", ...page })).items.map((c) => c.slug)).toEqual(["top"]);
  });
});

import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { ensureCatalogTranslations } from "./seed-catalog-translations";

describeEachDialect("demo catalog translations at start-up", ({ db }) => {
  beforeAll(async () => {
    await createTestTenant(db(), { id: DEFAULT_TENANT_ID });
    await createTestCategory(db(), DEFAULT_TENANT_ID, { slug: "weather", name: "Weather" });
    await createTestCategory(db(), DEFAULT_TENANT_ID, { slug: "made-up", name: "Made Up" });
    await createTestCollection(db(), DEFAULT_TENANT_ID, { slug: "most-popular", name: "Most Popular", apiIds: [] });
  });

  it("writes the known slugs in 14 languages once, and leaves unknown ones in en-US", async () => {
    expect(await ensureCatalogTranslations(db())).toBe(2 * 14);
    expect(await ensureCatalogTranslations(db())).toBe(0);
    const ja = await getCatalogLocalizer(db(), DEFAULT_TENANT_ID, "ja");
    expect(ja.categoryName("weather", "Weather")).toBe("天気");
    expect(ja.categoryName("made-up", "Made Up")).toBe("Made Up");
    expect(ja.collection({ slug: "most-popular", name: "Most Popular", description: null }).name).toBe("人気の API");
  });
});

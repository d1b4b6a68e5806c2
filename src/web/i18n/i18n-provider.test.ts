import { describe, expect, it } from "vitest";
import { stripBidi } from "../../common/i18n/bidi";
import { createI18n } from "./i18n-provider";

const resources = { api: { updated: "עודכן ב-{{date}}", by: "מאת {{owner}}", count_other: "{{count}} ממשקים" } };

describe("createI18n", () => {
  it("isolates interpolated values on right-to-left pages", () => {
    const he = createI18n("he", resources);
    const text = he.t("api.updated", { date: "13 בנוב׳ 2026" });
    expect(text).toBe("עודכן ב-\u206813 בנוב׳ 2026\u2069");
    expect(stripBidi(he.t("api.by", { owner: "o2.cz" }))).toBe("מאת o2.cz");
    expect(he.t("api.count", { count: 3 })).toBe("\u20683\u2069 ממשקים");
  });

  it("leaves left-to-right pages' text as it is", () => {
    const de = createI18n("de", { api: { updated: "Aktualisiert am {{date}}" } });
    expect(de.t("api.updated", { date: "13.11.2026" })).toBe("Aktualisiert am 13.11.2026");
  });
});

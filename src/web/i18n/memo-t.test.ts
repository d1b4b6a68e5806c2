import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { memoizeT } from "./memo-t";

function instanceT(): TFunction {
  const i18n = createInstance();
  void i18n.init({
    lng: "en-US",
    resources: {
      "en-US": {
        translation: {
          hello: "Hello",
          greet: "Hello {{name}}",
          followers_one: "{{formattedCount}} follower",
          followers_other: "{{formattedCount}} followers",
          list: ["a", "b"],
        },
      },
    },
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as TFunction;
}

describe("memoizeT", () => {
  it("gives the same strings as i18next, and calls it once per distinct call", () => {
    const raw = instanceT();
    let calls = 0;
    const counting = ((...args: Parameters<TFunction>) => {
      calls++;
      return (raw as unknown as (...a: unknown[]) => unknown)(...args);
    }) as unknown as TFunction;
    const t = memoizeT(counting);
    expect(t("hello")).toBe("Hello");
    expect(t("hello")).toBe("Hello");
    expect(t("greet", { name: "Ada" })).toBe("Hello Ada");
    expect(t("greet", { name: "Bob" })).toBe("Hello Bob");
    expect(t("greet", { name: "Ada" })).toBe("Hello Ada");
    expect(t("followers", { count: 1, formattedCount: "1" })).toBe("1 follower");
    expect(t("followers", { count: 2, formattedCount: "2" })).toBe("2 followers");
    expect(t("followers", { count: 1, formattedCount: "1" })).toBe("1 follower");
    expect(calls).toBe(5);
  });

  it("keeps a number and the same digits as a string apart", () => {
    const t = memoizeT(instanceT());
    expect(t("followers", { count: 1, formattedCount: "1" })).toBe("1 follower");
    expect(t("followers", { count: "1" as unknown as number, formattedCount: "1" })).toBe(
      instanceT()("followers", { count: "1" as unknown as number, formattedCount: "1" }),
    );
  });

  it("passes object results and object options straight through", () => {
    const t = memoizeT(instanceT());
    const first = t("list", { returnObjects: true }) as unknown as string[];
    const second = t("list", { returnObjects: true }) as unknown as string[];
    expect(first).toEqual(["a", "b"]);
    expect(second).toEqual(["a", "b"]);
    expect(t("greet", { name: "Ada", replace: { name: "Eve" } })).toBe(
      instanceT()("greet", { name: "Ada", replace: { name: "Eve" } }),
    );
  });
});

describe("memoizeT with the resources (plain messages without i18next)", () => {
  const resources = {
    hello: "Hello",
    empty: "",
    greet: "Hello {{name}}",
    nested: "$t(hello) again",
    deep: { inner: { text: "Deep" } },
    followers_one: "{{formattedCount}} follower",
    followers_other: "{{formattedCount}} followers",
  };

  function instanceOver(): TFunction {
    const i18n = createInstance();
    void i18n.init({
      lng: "en-US",
      resources: { "en-US": { translation: resources } },
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    return i18n.t.bind(i18n) as TFunction;
  }

  it("answers what i18next answers, asking i18next only where there is something to fill in or resolve", () => {
    const raw = instanceOver();
    const asked: string[] = [];
    const counting = ((key: string, ...rest: unknown[]) => {
      asked.push(key);
      return (raw as unknown as (...a: unknown[]) => unknown)(key, ...rest);
    }) as unknown as TFunction;
    const t = memoizeT(counting, resources);
    const keys = ["hello", "empty", "deep.inner.text", "greet", "nested", "missing.key", "deep", "ns:hello"];
    for (const key of keys) expect(t(key), key).toEqual(raw(key));
    expect(t("greet", { name: "Ada" })).toBe("Hello Ada");
    expect(t("followers", { count: 2, formattedCount: "2" })).toBe("2 followers");
    expect(asked).toEqual(["greet", "nested", "missing.key", "deep", "ns:hello", "greet", "followers"]);
  });
});

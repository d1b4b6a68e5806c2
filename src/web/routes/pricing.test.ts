import { describe, expect, it } from "vitest";
import { parseTenantConfig } from "../../common/tenant-config";
import { loader } from "./pricing";

type LoaderArgs = Parameters<typeof loader>[0];

function argsWith(pricingApp: boolean): LoaderArgs {
  const config = parseTenantConfig({ featureFlags: { pricing_app: pricingApp }, defaultCurrency: "EUR" });
  // The flag is read before any database access; a db without queries shows whether the loader got that far.
  const db = {};
  return {
    context: { tenant: { id: "1", config }, db },
    params: {},
    request: new Request("http://localhost/pricing"),
  } as unknown as LoaderArgs;
}

describe("/pricing loader", () => {
  it("answers 404 when the tenant's pricing_app flag is off", async () => {
    const thrown = await loader(argsWith(false)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it("goes on to the catalog query when the flag is on", async () => {
    const thrown = await loader(argsWith(true)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(TypeError);
  });
});

import { describe, expect, it } from "vitest";
import { parseTenantConfig } from "../../common/tenant-config";
import type { Viewer } from "../../core/accounts/accounts.types";
import type { RequestContext } from "../../server/request-context";
import { runMiddleware } from "./route-middleware.server";

const admin: Viewer = {
  id: "u1",
  tenantId: "t1",
  username: "root",
  name: "Root",
  email: null,
  thumbnail: null,
  isAdmin: true,
  emailVerified: true,
  sessionId: null,
};

function args(viewer: Viewer | null) {
  const context = { viewer, tenant: { id: "t1", name: "T", config: parseTenantConfig({}) } } as Pick<
    RequestContext,
    "viewer" | "tenant"
  >;
  return {
    context: context as RequestContext,
    request: new Request("http://hub.test/admin/settings"),
    lang: undefined,
  };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe("named route middleware", () => {
  it("an unknown name is a 500 'Unknown middleware {name}' shown on the error page, before anything renders", () => {
    const error = thrown(() => runMiddleware(["admin", "superpowers"], args(admin)));
    expect(error).toMatchObject({
      data: { message: "Unknown middleware superpowers", show: true },
      init: { status: 500 },
    });
  });

  it("runs known middleware in order: admin passes the tenant admin, operator answers 404 outside tenant 1", () => {
    expect(runMiddleware(["admin"], args(admin))).toBe(admin);
    expect(thrown(() => runMiddleware(["operator"], args(admin)))).toMatchObject({ init: { status: 404 } });
    expect(thrown(() => runMiddleware(["admin"], args({ ...admin, isAdmin: false })))).toMatchObject({
      init: { status: 403 },
    });
  });
});
